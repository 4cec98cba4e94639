import { extname } from 'node:path';
import { escapeHtml } from '../../common/escape-html';
import { canonicalLanguage, highlight } from '../../texts/render/highlighter';
import { renderMarkdown } from '../../texts/render/markdown';

/** What a file's page shows of the file itself; null: a card with its type, size, download. */
export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | null;

/** How much of a text file its page shows (the raw view has it all). */
export const TEXT_PREVIEW_BYTES = 128 * 1024;

const MARKDOWN = new Set(['.md', '.markdown', '.mdown', '.mkd']);

/** The preview a file's sniffed type allows. */
export function previewKindOf(mime: string): PreviewKind {
  // SVG is never shown inline on our origin (it can carry script); other images are safe in <img>.
  if (mime.startsWith('image/') && mime !== 'image/svg+xml') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  // text/plain is what sniffing says of any text: source code, Markdown, notes. Never HTML.
  if (mime === 'text/plain' || mime === 'application/json') return 'text';
  return null;
}

export interface TextPreview {
  html: string;
  markdown: boolean;
  /** The language its name says (`.ts` → typescript), or null: plain text. */
  language: string | null;
  /** Only the start is shown. */
  cut: boolean;
}

/**
 * A text file's start as its page shows it: Markdown rendered and sanitised as a text share's,
 * code highlighted in the language its extension names, anything else escaped as it is.
 */
export function renderTextPreview(filename: string, head: Buffer, size: number): TextPreview {
  const cut = size > head.length;
  // A cut may fall inside a character: the decoder's replacement for it is dropped.
  const text = head.toString('utf8').replace(cut ? /\uFFFD$/ : /$^/, '');
  const ext = extname(filename).toLowerCase();
  if (MARKDOWN.has(ext)) return { html: renderMarkdown(text), markdown: true, language: null, cut };
  const language = ext ? (canonicalLanguage(ext.slice(1)) ?? null) : null;
  const html = language ? highlight(text, language) : escapeHtml(text);
  return { html, markdown: false, language, cut };
}
