import { readFileSync } from 'node:fs';

const css = (file: string) =>
  readFileSync(require.resolve(`highlight.js/styles/${file}`), 'utf8').replace(/<\/style/gi, '');

/** highlight.js's GitHub themes, light and dark, following the reader's system setting. */
export const HIGHLIGHT_THEME =
  css('github.min.css') + `@media (prefers-color-scheme:dark){${css('github-dark.min.css')}}`;
