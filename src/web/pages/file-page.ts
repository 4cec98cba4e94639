import { escapeHtml } from '../../common/escape-html';
import { humanSize } from '../../common/human-size';
import { renderPage } from './layout';
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

function previewOf(m: FilePageModel): string {
  const src = escapeHtml(m.rawUrl);
  const alt = escapeHtml(m.filename);
  // SVG is never shown inline on our origin (it can carry script); other images are safe in <img>.
  if (m.mime.startsWith('image/') && m.mime !== 'image/svg+xml') {
    const size = m.width && m.height ? ` width="${m.width}" height="${m.height}"` : '';
    return `<img src="${src}" alt="${alt}"${size} style="max-width:100%;height:auto">`;
  }
  if (m.mime.startsWith('video/'))
    return `<video src="${src}" controls preload="metadata" style="max-width:100%"></video>`;
  if (m.mime.startsWith('audio/'))
    return `<audio src="${src}" controls preload="metadata"></audio>`;
  return '';
}

/** The share page of a file: a preview for images, video and audio, its name, size, download. */
export function renderFilePage(m: FilePageModel): string {
  const isImage = m.mime.startsWith('image/') && m.mime !== 'image/svg+xml';
  const og = openGraph({
    title: m.filename,
    type: 'website',
    url: m.shortUrl,
    description: `${m.mime}, ${humanSize(m.size)}`,
    image: isImage && m.preview ? m.downloadUrl : undefined,
  });
  const dims = m.width && m.height ? ` · ${m.width}×${m.height}` : '';
  return renderPage(
    m.filename,
    `<h1>${escapeHtml(m.filename)}</h1>` +
      `<p>${escapeHtml(m.mime)} · ${humanSize(m.size)}${dims}</p>` +
      `${previewOf(m)}` +
      `<p><a href="${escapeHtml(m.downloadUrl)}" download="${escapeHtml(m.filename)}">Download</a></p>`,
    { head: og, wide: true, reportUrl: m.shortUrl },
  );
}
