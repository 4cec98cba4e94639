import type { BioCustomLink } from '../../bio/bio-page.entity';
import { escapeHtml } from '../../common/escape-html';
import type { Words } from '../../i18n/i18n';
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

/** A link-in-bio page: who it is, then one large link per line. */
export function renderBioPage(m: BioPageModel, w: Words, brand: boolean): string {
  const head =
    openGraph({ title: m.title, type: 'website', url: m.shortUrl, description: m.description }) +
    (m.rssUrl
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(m.title)}" href="${escapeHtml(m.rssUrl)}">`
      : '') +
    (m.mastodonUrl ? `<link rel="me" href="${escapeHtml(m.mastodonUrl)}">` : '');
  return renderPublicPage('bio', { ...m, head, reportUrl: m.shortUrl, brand }, w);
}
