import { Injectable } from '@nestjs/common';
import { escapeHtml } from '../common/escape-html';
import { Env } from '../config/env';
import { DomainsService } from '../domains/domains.service';
import { Link } from '../links/link.entity';
import { LinksService } from '../links/links.service';
import { readAndDeleted } from '../links/resolve/visits.service';
import { canonicalLanguage, highlight } from './render/highlighter';
import { renderMarkdown } from './render/markdown';
import { Text, TextType } from './text.entity';
import { TextsService } from './texts.service';

const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** Texts up to this many characters may be highlighted again in a reader's choice of language. */
export const LANG_SWITCH_MAX_CHARS = 64 * 1024;

/** What a text's page shows; the web module turns it into HTML. */
export interface TextView {
  slug: string;
  title: string | null;
  shortUrl: string;
  textType: TextType;
  /** The language shown (source code), after a reader's switch. */
  language: string | null;
  sizeBytes: number;
  lines: number;
  /** Ready, safe HTML of the content: highlighted code, escaped text or sanitized Markdown. */
  contentHtml: string;
  /**
   * A short plain-text excerpt for link previews; null when the share must not show itself
   * there (a password, read once, or `unfurl: false`): previews then say only what it is.
   */
  excerpt: string | null;
  /** A one-time text, deleted as this reader revealed it. */
  burned: boolean;
  /** A one-time text shown to its owner's own session: not used up. */
  ownerPreview: boolean;
  /** Whether a reader may pick another language (`?lang=`): small enough to highlight again. */
  languageSwitch: boolean;
}

export type TextRead =
  /**
   * A one-time text not revealed: the reader is asked first (no content, nothing used up; its
   * raw view says how to read it).
   */
  | { type: 'reveal'; shortUrl: string }
  | { type: 'raw'; content: string }
  | { type: 'page'; view: TextView };

/**
 * How a text is asked for. `look`: a GET, which never uses a one-time text up (link previewers,
 * prefetchers and stray requests send those); `reveal`: the reader's POST, which does; `owner`:
 * its owner's own browser session, shown everything and using nothing up.
 */
export type ReadMode = 'look' | 'reveal' | 'owner';

/**
 * Reading a text share: content rendered once per link version and language (cached), and
 * burn after read, which only a reveal uses up.
 */
@Injectable()
export class TextReadsService {
  private readonly rendered = new Map<string, string>();
  private renderedBytes = 0;

  constructor(
    private readonly texts: TextsService,
    private readonly links: LinksService,
    private readonly domains: DomainsService,
    private readonly env: Env,
  ) {}

  async read(link: Link, mode: ReadMode, lang?: string, raw = false): Promise<TextRead> {
    const text = await this.texts.getText(link);
    const shortUrl = this.domains.shortUrl(link.domainId, link.slug);
    let burned = false;
    if (text.burnAfterRead && mode === 'look') return { type: 'reveal', shortUrl };
    if (text.burnAfterRead && mode === 'reveal') {
      // Delete first: of two readers racing, only the one whose delete succeeded sees it; the
      // other finds the tombstone ("read and deleted").
      if (!(await this.links.remove(link, 'read'))) throw readAndDeleted();
      burned = true;
    }
    if (raw) return { type: 'raw', content: text.content };
    // Highlighting again in another language costs up to ~300 ms on the event loop: only for
    // texts small enough, so that no pattern of anonymous requests can stall the process.
    const languageSwitch = text.content.length <= LANG_SWITCH_MAX_CHARS;
    const asked = languageSwitch && lang ? canonicalLanguage(lang) : undefined;
    const language =
      text.textType === 'source_code' ? (asked ?? text.language ?? 'plaintext') : null;
    const view: TextView = {
      slug: link.slug,
      title: link.title,
      shortUrl,
      textType: text.textType,
      language,
      sizeBytes: text.sizeBytes,
      lines: countLines(text.content),
      contentHtml: burned
        ? renderContent(text, language, this.env.TEXT_HIGHLIGHT_MAX_CHARS)
        : this.cached(link, text, language),
      excerpt:
        link.passwordHash || text.burnAfterRead || !link.unfurl ? null : excerpt(text.content),
      burned,
      ownerPreview: text.burnAfterRead && mode === 'owner',
      languageSwitch,
    };
    return { type: 'page', view };
  }

  private cached(link: Link, text: Text, language: string | null): string {
    const key = `${link.id}:${link.updatedAt.getTime()}:${language}`;
    const hit = this.rendered.get(key);
    if (hit !== undefined) return hit;
    const html = renderContent(text, language, this.env.TEXT_HIGHLIGHT_MAX_CHARS);
    this.rendered.set(key, html);
    this.renderedBytes += html.length;
    for (const [k, v] of this.rendered) {
      if (this.renderedBytes <= CACHE_MAX_BYTES) break;
      this.rendered.delete(k);
      this.renderedBytes -= v.length;
    }
    return html;
  }
}

function renderContent(text: Text, language: string | null, maxHighlight: number): string {
  if (text.textType === 'markdown') return renderMarkdown(text.content);
  if (text.textType === 'plain_text') return escapeHtml(text.content);
  // highlight.js needs about 1.3 s for 1 MB of dense JavaScript here: past the limit (at a line
  // boundary) the code is shown escaped but plain, as GitHub does for large files.
  const { content } = text;
  const lang = language ?? 'plaintext';
  if (content.length <= maxHighlight) return highlight(content, lang);
  const newline = content.lastIndexOf('\n', maxHighlight);
  const cut = newline > 0 ? newline + 1 : maxHighlight;
  return highlight(content.slice(0, cut), lang) + escapeHtml(content.slice(cut));
}

const countLines = (s: string) => {
  let n = 1;
  for (let i = s.indexOf('\n'); i !== -1 && i < s.length - 1; i = s.indexOf('\n', i + 1)) n++;
  return n;
};

const excerpt = (s: string) => {
  const flat = s.slice(0, 400).replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
};
