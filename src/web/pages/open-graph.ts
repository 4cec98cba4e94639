import { escapeHtml } from '../../common/escape-html';

/** What a share gives link previews (Open Graph, Twitter cards, oEmbed discovery). */
export interface Preview {
  title: string;
  type: 'article' | 'website' | 'video.other';
  url: string;
  description?: string | null;
  image?: { url: string; type?: string; width?: number; height?: number };
  video?: { url: string; type: string };
  audio?: { url: string; type: string };
  /** The share's oEmbed address (`/api/oembed?url=…`), announced for discovery. */
  oembed?: string;
}

/** Open Graph and Twitter card tags, and the oEmbed discovery link; what is unset is left out. */
export function openGraph(p: Preview): string {
  const meta = (property: string, content: string | number | undefined | null) =>
    content === undefined || content === null || content === ''
      ? ''
      : `<meta property="${property}" content="${escapeHtml(String(content))}">`;
  return [
    meta('og:site_name', 'Linkdrop'),
    meta('og:title', p.title),
    meta('og:type', p.type),
    meta('og:url', p.url),
    meta('og:description', p.description),
    meta('og:image', p.image?.url),
    meta('og:image:type', p.image?.type),
    meta('og:image:width', p.image?.width),
    meta('og:image:height', p.image?.height),
    meta('og:video', p.video?.url),
    meta('og:video:type', p.video?.type),
    meta('og:audio', p.audio?.url),
    meta('og:audio:type', p.audio?.type),
    `<meta name="twitter:card" content="${p.image ? 'summary_large_image' : 'summary'}">`,
    p.oembed
      ? `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(p.oembed)}" title="${escapeHtml(p.title)}">`
      : '',
  ].join('');
}

/**
 * What a share that must not show itself gives previews (password, read once, `unfurl: false`):
 * what kind of share it is, nothing of it.
 */
export const closedPreview = (title: string, url: string): string =>
  openGraph({ title, type: 'website', url });

/** Where a share's oEmbed answer is: `<PUBLIC_URL>/api/oembed?url=<short URL>&format=json`. */
export const oembedHref = (publicUrl: string, shareUrl: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/api/oembed?url=${encodeURIComponent(shareUrl)}&format=json`;

/** w×h fitted inside a box of the longer side `max` (never enlarged). */
export function fitInside(w: number, h: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(w, h, 1));
  return { width: Math.round(w * scale), height: Math.round(h * scale) };
}
