/** A `Content-Disposition` any browser reads: an ASCII name, and the real one in UTF-8. */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;
