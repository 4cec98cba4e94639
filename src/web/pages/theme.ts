import { readFileSync } from 'node:fs';

const css = (file: string) =>
  readFileSync(require.resolve(`highlight.js/styles/${file}`), 'utf8').replace(/<\/style/gi, '');

const dark = css('github-dark.min.css');

/**
 * highlight.js's GitHub themes, light and dark: the system's choice, or the reader's (theme.js
 * sets `data-theme`); the dark rules nest under the root's state (CSS nesting).
 */
export const HIGHLIGHT_THEME =
  css('github.min.css') +
  `@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${dark}}}` +
  `:root[data-theme=dark]{${dark}}`;
