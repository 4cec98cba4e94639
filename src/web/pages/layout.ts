import { escapeHtml } from '../../common/escape-html';

export interface PageOptions {
  /** Extra markup for <head> (meta tags, styles); must already be safe HTML. */
  head?: string;
  /** Wide layout for code. */
  wide?: boolean;
  /** A share's page: its short URL, for the "Report abuse" link. */
  reportUrl?: string;
}

const STYLE = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#59636e;--accent:#0b57d0;--line:#d1d9e0;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--accent:#7aa2ff;--line:#3d444d;--code:#151b23}}
body{font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);max-width:40rem;margin:3rem auto;padding:0 1rem}
body.wide{max-width:72rem;margin-top:1.5rem}
h1{font-size:1.5rem;overflow-wrap:anywhere}p{color:var(--muted)}a{color:var(--accent)}
input,button,select{font:inherit;padding:.3rem .6rem}`;

/** A small, accessible HTML page; `title` is escaped here, `body` must already be safe HTML. */
export const renderPage = (title: string, body: string, opts: PageOptions = {}): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Linkdrop</title>` +
  `<style>${STYLE}</style>${opts.head ?? ''}</head>` +
  `<body${opts.wide ? ' class="wide"' : ''}><main>${body}</main>${reportLink(opts.reportUrl)}</body></html>`;

const reportLink = (url: string | undefined) =>
  url
    ? `<footer><p><a href="/report?url=${encodeURIComponent(url)}" rel="nofollow">Report abuse</a></p></footer>`
    : '';
