import { tk, Words, wordsFor } from '../i18n/i18n';

/** Types people know by another name than their MIME subtype. */
const NAMED: Record<string, string> = {
  'application/pdf': tk('PDF document'),
  'application/zip': tk('ZIP archive'),
  'application/gzip': tk('Gzip archive'),
  'application/x-tar': tk('Tar archive'),
  'application/x-7z-compressed': tk('7-Zip archive'),
  'application/json': tk('JSON file'),
  'application/msword': tk('Word document'),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': tk('Word document'),
  'application/vnd.ms-excel': tk('Excel spreadsheet'),
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': tk('Excel spreadsheet'),
  'application/vnd.ms-powerpoint': tk('PowerPoint presentation'),
  'application/vnd.openxmlformats-officedocument.presentationml.presentation':
    tk('PowerPoint presentation'),
  'application/octet-stream': tk('File'),
  'image/jpeg': tk('JPEG image'),
  'image/svg+xml': tk('SVG image'),
  'text/plain': tk('Text file'),
  'text/markdown': tk('Markdown file'),
  'text/csv': tk('CSV file'),
  'audio/mpeg': tk('MP3 audio'),
  'video/quicktime': tk('QuickTime video'),
};
const KINDS: Record<string, string> = {
  image: tk('{{name}} image'),
  video: tk('{{name}} video'),
  audio: tk('{{name}} audio'),
  font: tk('{{name}} font'),
};

/** A file's type in words: "PNG image", "PDF document", "File" (never a bare MIME type). */
export function typeLabelOf(mime: string, w: Words = wordsFor('en')): string {
  const base = mime.split(';')[0].trim().toLowerCase();
  if (Object.hasOwn(NAMED, base)) return w.t(NAMED[base]);
  const [kind, sub = ''] = base.split('/');
  if (kind === 'text') return w.t('Text file');
  const name = sub
    .replace(/^(x-|vnd\.)/, '')
    .split(/[+.]/)[0]
    .toUpperCase();
  if (Object.hasOwn(KINDS, kind) && name) return w.t(KINDS[kind], { name });
  return name ? w.t('{{name}} file', { name }) : w.t('File');
}

/** A file's icon label: its extension as people know it (`PDF`, `ZIP`), `FILE` without one. */
export const extensionLabel = (filename: string): string =>
  (/\.([^./\\]{1,4})$/.exec(filename)?.[1] ?? 'file').toUpperCase();
