/** Types people know by another name than their MIME subtype. */
const NAMED: Record<string, string> = {
  'application/pdf': 'PDF document',
  'application/zip': 'ZIP archive',
  'application/gzip': 'Gzip archive',
  'application/x-tar': 'Tar archive',
  'application/x-7z-compressed': '7-Zip archive',
  'application/json': 'JSON file',
  'application/msword': 'Word document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word document',
  'application/vnd.ms-excel': 'Excel spreadsheet',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel spreadsheet',
  'application/vnd.ms-powerpoint': 'PowerPoint presentation',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    'PowerPoint presentation',
  'application/octet-stream': 'File',
  'image/jpeg': 'JPEG image',
  'image/svg+xml': 'SVG image',
  'text/plain': 'Text file',
  'text/markdown': 'Markdown file',
  'text/csv': 'CSV file',
  'audio/mpeg': 'MP3 audio',
  'video/quicktime': 'QuickTime video',
};
const KINDS: Record<string, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  font: 'font',
};

/** A file's type in words: "PNG image", "PDF document", "File" (never a bare MIME type). */
export function typeLabelOf(mime: string): string {
  const base = mime.split(';')[0].trim().toLowerCase();
  if (Object.hasOwn(NAMED, base)) return NAMED[base];
  const [kind, sub = ''] = base.split('/');
  if (kind === 'text') return 'Text file';
  const name = sub
    .replace(/^(x-|vnd\.)/, '')
    .split(/[+.]/)[0]
    .toUpperCase();
  if (Object.hasOwn(KINDS, kind) && name) return `${name} ${KINDS[kind]}`;
  return name ? `${name} file` : 'File';
}
