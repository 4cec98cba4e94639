import type { BioCustomLink } from '../../bio/bio-page.entity';
import { escapeHtml } from '../../common/escape-html';
import type { Words } from '../../i18n/i18n';
import { renderPublicPage } from './public-pages';
import { closedPreview, openGraph } from './open-graph';

export interface BioPageModel {
  title: string;
  description: string;
  links: BioCustomLink[];
  mastodonUrl: string;
  rssUrl: string;
  shortUrl: string;
  /** Link previews may show it (`unfurl`, no password). */
  preview: boolean;
  oembed: string;
}

/** A link-in-bio page: who it is, then one large link per line. */
export function renderBioPage(m: BioPageModel, w: Words, brand: boolean): string {
  const og = m.preview
    ? openGraph({
        title: m.title,
        type: 'website',
        url: m.shortUrl,
        description: m.description,
        oembed: m.oembed,
      })
    : closedPreview(w.t('A page of links'), m.shortUrl);
  const head =
    og +
    (m.rssUrl
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(m.title)}" href="${escapeHtml(m.rssUrl)}">`
      : '') +
    (m.mastodonUrl ? `<link rel="me" href="${escapeHtml(m.mastodonUrl)}">` : '');
  return renderPublicPage('bio', { ...m, head, reportUrl: m.shortUrl, brand }, w);
}
