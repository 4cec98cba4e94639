import MarkdownIt from 'markdown-it';
import taskLists from 'markdown-it-task-lists';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from '../../common/escape-html';
import { canonicalLanguage, highlight } from './highlighter';

// Raw HTML is off: `<script>` in Markdown stays text. The sanitizer below is a second wall.
const md = new MarkdownIt({
  html: false,
  linkify: true,
  highlight: (code, lang) => {
    const language = lang ? canonicalLanguage(lang) : undefined;
    const body = language ? highlight(code, language) : escapeHtml(code);
    return `<pre><code class="hljs${language ? ` language-${language}` : ''}">${body}</code></pre>`;
  },
}).use(taskLists, { enabled: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'img',
    'input',
    'del',
    's',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title'],
    code: ['class'],
    span: ['class'],
    li: ['class'],
    ul: ['class'],
    input: ['type', 'checked', 'disabled', 'class'],
    th: ['style'],
    td: ['style'],
    ol: ['start'],
  },
  allowedClasses: {
    code: ['hljs', 'language-*'],
    span: ['hljs-*'],
    li: ['task-list-item'],
    ul: ['contains-task-list'],
    input: ['task-list-item-checkbox'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'nofollow noopener noreferrer' }),
    input: (tagName, attribs) =>
      attribs.type === 'checkbox'
        ? { tagName, attribs: { ...attribs, disabled: '' } }
        : { tagName: 'span', attribs: {} },
  },
};

/** Markdown → safe HTML: tables, task lists, highlighted code; no raw HTML, no script URLs. */
export const renderMarkdown = (source: string): string => sanitizeHtml(md.render(source), SANITIZE);
