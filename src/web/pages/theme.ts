import { readFileSync } from 'node:fs';

const css = (file: string) =>
  readFileSync(require.resolve(`highlight.js/styles/${file}`), 'utf8').replace(/<\/style/gi, '');

/** highlight.js's GitHub themes, light and dark, following the reader's system setting. */
export const HIGHLIGHT_THEME =
  css('github.min.css') + `@media (prefers-color-scheme:dark){${css('github-dark.min.css')}}`;

export const SHARE_STYLE = `.meta{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;color:var(--muted);margin:.5rem 0 1rem}
.code{display:flex;border:1px solid var(--line);border-radius:6px;overflow:auto;background:var(--code)}
.code pre{margin:0;padding:.75rem 1rem;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.code pre.ln{color:var(--muted);text-align:right;user-select:none;border-right:1px solid var(--line);padding-right:.75rem}
.code code.hljs{padding:0;background:none}
.plain{white-space:pre-wrap;overflow-wrap:anywhere}
.markdown{overflow-wrap:anywhere}.markdown pre{background:var(--code);padding:.75rem 1rem;border-radius:6px;overflow:auto}
.markdown table{border-collapse:collapse}.markdown th,.markdown td{border:1px solid var(--line);padding:.3rem .6rem}
.markdown img{max-width:100%}.task-list-item{list-style:none}.notice{border-left:4px solid var(--accent);padding:.5rem 1rem}`;
