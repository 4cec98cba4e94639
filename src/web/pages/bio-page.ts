import type { BioCustomLink } from '../../bio/bio-page.entity';
import { escapeHtml } from '../../common/escape-html';
import { renderPublicPage } from './public-pages';
import { openGraph } from './open-graph';

export interface BioPageModel {
  title: string;
  description: string;
  links: BioCustomLink[];
  mastodonUrl: string;
  rssUrl: string;
  shortUrl: string;
}

// Large targets (44 px and more), visible focus, underline kept for links in text.
const STYLE = `<style>.bio{list-style:none;padding:0;margin:2rem 0;display:grid;gap:.75rem}
.bio a{display:block;min-height:2.75rem;padding:.75rem 1rem;border:1px solid var(--line);border-radius:.75rem;text-decoration:none;color:var(--fg)}
.bio a:hover{border-color:var(--accent)}.bio a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.bio .t{display:block;font-weight:600}.bio .d{display:block;color:var(--muted);font-size:.9rem}
footer{color:var(--muted);font-size:.9rem}</style>`;

/** A link-in-bio page: who it is, then one large link per line. */
export function renderBioPage(m: BioPageModel): string {
  const head =
    openGraph({ title: m.title, type: 'website', url: m.shortUrl, description: m.description }) +
    (m.rssUrl
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(m.title)}" href="${escapeHtml(m.rssUrl)}">`
      : '') +
    (m.mastodonUrl ? `<link rel="me" href="${escapeHtml(m.mastodonUrl)}">` : '') +
    STYLE;
  return renderPublicPage('bio', { ...m, head, reportUrl: m.shortUrl });
}
