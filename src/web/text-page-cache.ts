import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Language } from '../i18n/i18n';
import { Link } from '../links/link.entity';
import { canonicalLanguage } from '../texts/render/highlighter';
import type { TextView } from '../texts/text-reads.service';

export interface CachedPage {
  html: Buffer;
  /** Null for a page that must not be kept by anyone (a one-time text's). */
  etag: string | null;
}

const MAX_BYTES = 64 * 1024 * 1024;

/**
 * Text share pages, whole, per link version, reader's language and code language shown (least recently used out, 64 MiB
 * in all): a reader's visit, whatever `?lang=` it sends, reads no row, highlights nothing and
 * hashes no ETag. A page read once (burn after reading) is never kept.
 */
@Injectable()
export class TextPageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  /** Link versions whose page ignores `?lang=` (too large to highlight again). */
  private readonly oneLanguage = new Set<string>();

  get(link: Link, lang: string | undefined, ui: Language): CachedPage | undefined {
    const key = this.keyOf(link, lang, ui);
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  keep(
    link: Link,
    lang: string | undefined,
    ui: Language,
    view: TextView,
    html: string,
  ): CachedPage {
    // A one-time text's page (read, or its owner's preview) is neither kept nor given an ETag.
    if (view.burned || view.ownerPreview) return { html: Buffer.from(html), etag: null };
    const page = { html: Buffer.from(html), etag: etagOf(html) };
    if (!view.languageSwitch) this.oneLanguage.add(versionOf(link));
    this.pages.set(this.keyOf(link, lang, ui), page);
    this.bytes += page.html.length;
    for (const [key, old] of this.pages) {
      if (this.bytes <= MAX_BYTES) break;
      this.pages.delete(key);
      this.bytes -= old.html.length;
    }
    return page;
  }

  /** `lang`: the code's language (`?lang=`); `ui`: the page's, for its reader. */
  private keyOf(link: Link, lang: string | undefined, ui: Language): string {
    const version = versionOf(link);
    if (this.oneLanguage.has(version)) return `${version}:${ui}`;
    return `${version}:${ui}:${(lang && canonicalLanguage(lang)) ?? ''}`;
  }
}

const versionOf = (link: Link) => `${link.id}:${link.updatedAt.getTime()}`;
const etagOf = (html: string) =>
  `W/"${createHash('sha1').update(html).digest('base64url').slice(0, 27)}"`;
