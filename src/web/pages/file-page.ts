import { extensionLabel, typeLabelOf } from '../../files/file-type-label';
import type { Words } from '../../i18n/i18n';
import { humanSize } from '../../common/human-size';
import { renderPublicPage } from './public-pages';
import { closedPreview, fitInside, openGraph, Preview } from './open-graph';
import { PreviewKind, previewKindOf, TEXT_PREVIEW_BYTES, TextPreview } from './file-preview';
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
  /** Link previews may show it: no password, and `unfurl` on. */
  preview: boolean;
  /** Its oEmbed address (discovery), when previews may show it. */
  oembed: string;
  /** The 1280 px thumbnail (images and videos of public shares), or null: the bytes themselves. */
  thumbUrl: string | null;
  /** The same for the page's `<img>`: a path on the page's host when we serve the bytes. */
  thumbSrc: string;
  /** A text file's start, rendered (text files only). */
  text: TextPreview | null;
}

/** What link previews show of a file: its picture, poster, player or type and size. */
function filePreview(m: FilePageModel, kind: PreviewKind, typeLabel: string): Preview {
  const base = {
    title: m.filename,
    url: m.shortUrl,
    description: `${typeLabel}, ${humanSize(m.size)}`,
    oembed: m.oembed,
  };
  const picture = m.thumbUrl
    ? { url: m.thumbUrl, type: 'image/webp', ...fitInside(m.width, m.height, 1280) }
    : kind === 'image'
      ? {
          url: m.downloadUrl,
          type: m.mime,
          width: m.width || undefined,
          height: m.height || undefined,
        }
      : undefined;
  if (kind === 'video') {
    return {
      ...base,
      type: 'video.other',
      video: { url: m.downloadUrl, type: m.mime },
      image: picture,
    };
  }
  if (kind === 'audio')
    return { ...base, type: 'website', audio: { url: m.downloadUrl, type: m.mime } };
  return { ...base, type: 'website', image: picture };
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
  const og = m.preview
    ? openGraph(filePreview(m, preview, typeLabel))
    : closedPreview(w.t('A file'), m.shortUrl);
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
      extension: extensionLabel(m.filename),
    },
    w,
  );
}
