import { extname } from 'node:path';
import { typeLabelOf } from '../../files/file-type-label';
import type { Words } from '../../i18n/i18n';
import { humanSize } from '../../common/human-size';
import { renderPublicPage } from './public-pages';
import { openGraph } from './open-graph';
import { previewKindOf, TEXT_PREVIEW_BYTES, TextPreview } from './file-preview';
import { HIGHLIGHT_THEME } from './theme';
import { languageLabel } from '../../texts/render/highlighter';

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
  /** The 1280 px thumbnail (images of public shares), or null: the bytes themselves. */
  thumbUrl: string | null;
  /** A text file's start, rendered (text files only). */
  text: TextPreview | null;
}

/**
 * The share page of a file: what it is (name, type, size) and a preview that fits its kind: an
 * image at screen size (its thumbnail) with the full size a click away, the browser's players
 * for video and audio, its viewer for a PDF (in a sandboxed frame), text and code as text shares
 * show them; for anything else the card alone. Always a download button.
 */
export function renderFilePage(m: FilePageModel, w: Words, brand: boolean): string {
  const preview = previewKindOf(m.mime);
  // Code says its language, as its extension names it.
  const typeLabel = m.text?.language
    ? w.t('{{language}} code', { language: languageLabel(m.text.language) })
    : typeLabelOf(m.mime, w);
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
      head: m.text && !m.text.markdown ? `${og}<style>${HIGHLIGHT_THEME}</style>` : og,
      wide: true,
      reportUrl: m.shortUrl,
      brand,
      ...m,
      size: humanSize(m.size),
      dims: m.width && m.height ? `${m.width} × ${m.height}` : '',
      typeLabel,
      preview,
      shownSize: humanSize(TEXT_PREVIEW_BYTES),
      // The card's icon: the file's own extension, as people know it.
      extension: (extname(m.filename).slice(1, 5) || 'file').toUpperCase(),
    },
    w,
  );
}
