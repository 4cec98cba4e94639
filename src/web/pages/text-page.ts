import { createHash } from 'node:crypto';
import { escapeHtml } from '../../common/escape-html';
import { humanSize } from '../../common/human-size';
import { LANGUAGES, languageLabel } from '../../texts/render/highlighter';
import type { TextView } from '../../texts/text-reads.service';
import { renderPage } from './layout';
import { openGraph } from './open-graph';
import { HIGHLIGHT_THEME, SHARE_STYLE } from './theme';

export type TextPageModel = TextView;

const COPY_SCRIPT = `document.getElementById('copy').hidden=false;document.getElementById('copy').onclick=function(){navigator.clipboard.writeText(document.getElementById('content').textContent).then(function(){document.getElementById('copy').textContent='Copied'})}`;

/**
 * The copy button's script, allowed by its hash (CSP `script-src 'sha256-…'`) rather than a
 * nonce: the page is then the same for every reader, and is kept whole (TextPageCache).
 */
export const COPY_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(COPY_SCRIPT).digest('base64')}'`;

function languageSwitch(current: string): string {
  const options = LANGUAGES.map(
    (l) =>
      `<option value="${escapeHtml(l.name)}"${l.name === current ? ' selected' : ''}>${escapeHtml(l.label)}</option>`,
  ).join('');
  return `<form method="get"><label>Language <select name="lang">${options}</select></label> <button type="submit">Highlight</button></form>`;
}

/** Past this many lines the gutter is left out: it would outweigh the text (2 MiB of newlines). */
export const MAX_NUMBERED_LINES = 10_000;

function body(m: TextPageModel): string {
  if (m.textType === 'markdown') return `<article class="markdown">${m.contentHtml}</article>`;
  const cls = m.textType === 'plain_text' ? 'plain' : 'src';
  const code =
    m.textType === 'source_code' ? `<code class="hljs" id="content">` : `<code id="content">`;
  if (m.lines > MAX_NUMBERED_LINES) {
    return `<div class="code"><pre class="${cls}">${code}${m.contentHtml}</code></pre></div>`;
  }
  const numbers = Array.from({ length: m.lines }, (_, i) => i + 1).join('\n');
  return `<div class="code"><pre class="ln" aria-hidden="true">${numbers}</pre><pre class="${cls}">${code}${m.contentHtml}</code></pre></div>`;
}

/** The page of a text share, rendered on the server; script only for the copy button. */
export function renderTextPage(m: TextPageModel): string {
  const title = m.title || 'Untitled text';
  const og = openGraph({ title, type: 'article', url: m.shortUrl, description: m.excerpt });
  const meta = [
    m.language ? `<span>${escapeHtml(languageLabel(m.language))}</span>` : '',
    m.textType !== 'markdown' ? `<span>${m.lines} lines</span>` : '',
    `<span>${humanSize(m.sizeBytes)}</span>`,
    m.burned ? '' : `<a href="/${escapeHtml(m.slug)}/raw">Raw</a>`,
    m.textType !== 'markdown' ? `<button type="button" id="copy" hidden>Copy</button>` : '',
  ].join('');
  const notice = m.burned
    ? `<p class="notice" role="status">This text was set to be read once. It has now been deleted: copy what you need before leaving this page.</p>`
    : '';
  return renderPage(
    title,
    `<header><h1>${escapeHtml(title)}</h1><div class="meta">${meta}</div>` +
      `${m.textType === 'source_code' && m.language && m.languageSwitch ? languageSwitch(m.language) : ''}</header>` +
      `${notice}${body(m)}` +
      (m.textType !== 'markdown' ? `<script>${COPY_SCRIPT}</script>` : ''),
    {
      head: `${og}<style>${HIGHLIGHT_THEME}${SHARE_STYLE}</style>`,
      wide: true,
      reportUrl: m.shortUrl,
    },
  );
}

/** What a bot (link previewer, crawler) gets of a burn-after-read text: no content at all. */
export const renderBurnPlaceholder = (shortUrl: string): string =>
  renderPage(
    'A text to be read once',
    `<h1>A text to be read once</h1><p>Open <a href="${escapeHtml(shortUrl)}">${escapeHtml(shortUrl)}</a> in a browser to read it. It is deleted after that.</p>`,
  );
