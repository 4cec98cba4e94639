import { createHash } from 'node:crypto';
import { humanSize } from '../../common/human-size';
import type { Words } from '../../i18n/i18n';
import { LANGUAGES, languageLabel } from '../../texts/render/highlighter';
import type { TextView } from '../../texts/text-reads.service';
import { renderPublicPage } from './public-pages';
import { closedPreview, openGraph } from './open-graph';
import { HIGHLIGHT_THEME } from './theme';

export type TextPageModel = TextView;

// The word "Copied" comes from the button (data-done), so one script (one hash) serves every language.
const COPY_SCRIPT = `var b=document.getElementById('copy');b.hidden=false;b.onclick=function(){navigator.clipboard.writeText(document.getElementById('content').textContent).then(function(){b.textContent=b.dataset.done})}`;

/**
 * The copy button's script, allowed by its hash (CSP `script-src 'sha256-…'`) rather than a
 * nonce: the page is then the same for every reader, and is kept whole (TextPageCache).
 */
export const COPY_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(COPY_SCRIPT).digest('base64')}'`;

/** Past this many lines the gutter is left out: it would outweigh the text (2 MiB of newlines). */
export const MAX_NUMBERED_LINES = 10_000;

/** The page of a text share, rendered on the server; script only for the copy button. */
export function renderTextPage(m: TextPageModel, w: Words, brand: boolean, oembed: string): string {
  const title = m.title || w.t('Untitled text');
  const og =
    m.excerpt === null
      ? closedPreview(w.t('A text'), m.shortUrl)
      : openGraph({ title, type: 'article', url: m.shortUrl, description: m.excerpt, oembed });
  const switchable = m.textType === 'source_code' && m.language && m.languageSwitch;
  return renderPublicPage(
    'text',
    {
      title,
      head: `${og}<style>${HIGHLIGHT_THEME}</style>`,
      wide: true,
      reportUrl: m.shortUrl,
      brand,
      slug: m.slug,
      textType: m.textType,
      language: m.language,
      // Code of no named language shows none ("Plain text" is a text type, not a language).
      languageLabel: m.language && m.language !== 'plaintext' ? languageLabel(m.language) : '',
      languages: switchable ? LANGUAGES : null,
      lines: w.t('{{count}} lines', { count: m.lines }),
      size: humanSize(m.sizeBytes),
      burned: m.burned,
      ownerPreview: m.ownerPreview,
      contentHtml: m.contentHtml,
      numbers:
        m.lines > MAX_NUMBERED_LINES
          ? null
          : Array.from({ length: m.lines }, (_, i) => i + 1).join('\n'),
      copyScript: COPY_SCRIPT,
    },
    w,
  );
}

/**
 * What a GET of a one-time text gets, person or link previewer alike: no content, and a button
 * whose POST reveals (and uses up) the text.
 */
export const renderRevealPage = (
  slug: string,
  shortUrl: string,
  w: Words,
  brand: boolean,
): string =>
  renderPublicPage('reveal', { title: w.t('A text to be read once'), slug, shortUrl, brand }, w);
