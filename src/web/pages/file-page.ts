import { typeLabelOf } from '../../files/file-type-label';
import type { Words } from '../../i18n/i18n';
import { humanSize } from '../../common/human-size';
import { renderPublicPage } from './public-pages';
import { openGraph } from './open-graph';

export interface FilePageModel {
  filename: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  /** The bytes, inline-safe (`/<slug>/raw` or the public file URL). */
  rawUrl: string;
  downloadUrl: string;
  shortUrl: string;
  /** Only shares without a password get an image in link previews. */
  preview: boolean;
}

/** What the page can show of the bytes itself. */
function previewOf(mime: string): 'image' | 'video' | 'audio' | null {
  // SVG is never shown inline on our origin (it can carry script); other images are safe in <img>.
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return null;
}

/** The share page of a file: a preview for images, video and audio, its name, size, download. */
export function renderFilePage(m: FilePageModel, w: Words, brand: boolean): string {
  const preview = previewOf(m.mime);
  const typeLabel = typeLabelOf(m.mime, w);
  const og = openGraph({
    title: m.filename,
    type: 'website',
    url: m.shortUrl,
    description: `${typeLabel}, ${humanSize(m.size)}`,
    image: preview === 'image' && m.preview ? m.downloadUrl : undefined,
  });
  return renderPublicPage(
    'file',
    {
      title: m.filename,
      head: og,
      wide: true,
      reportUrl: m.shortUrl,
      brand,
      ...m,
      size: humanSize(m.size),
      dims: m.width && m.height ? `${m.width} × ${m.height}` : '',
      typeLabel,
      preview,
    },
    w,
  );
}
