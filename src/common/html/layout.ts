import { escapeHtml } from './escape';

/** Headers every public page sends: no script runs unless a page brings its own nonce'd one. */
export const PAGE_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
};

const STYLE = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#59636e;--accent:#0b57d0}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--accent:#7aa2ff}}
body{font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);max-width:40rem;margin:3rem auto;padding:0 1rem}
h1{font-size:1.5rem}p{color:var(--muted)}a{color:var(--accent)}
input,button{font:inherit;padding:.4rem .6rem}`;

/** A small, accessible HTML page; `title` is escaped here, `body` must already be safe HTML. */
export const renderPage = (title: string, body: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width,initial-scale=1">` +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Linkdrop</title>` +
  `<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
