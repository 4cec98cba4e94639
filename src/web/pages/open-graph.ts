import { escapeHtml } from '../../common/escape-html';

/** OpenGraph (and Twitter card) tags for link previews; undefined values are left out. */
export function openGraph(tags: {
  title: string;
  type: 'article' | 'website';
  url: string;
  description?: string | null;
  image?: string;
}): string {
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  return [
    meta('og:title', tags.title),
    meta('og:type', tags.type),
    meta('og:url', tags.url),
    tags.description ? meta('og:description', tags.description) : '',
    tags.image ? meta('og:image', tags.image) : '',
    tags.image ? `<meta name="twitter:card" content="summary_large_image">` : '',
  ].join('');
}
