import type { NextFunction, Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import { cookieHeader, readCookie } from '../common/cookies';
import { isLanguage, Language, LANGUAGE_NAMES, LANGUAGES, Words, wordsFor } from './i18n';

/** The language a person chose with the switcher (a year, every host). */
export const LANGUAGE_COOKIE = 'ld_lang';

/** The switcher's links add `?hl=<language>` (as Google's pages do) to the page they are on. */
const chosenNow = (req: IncomingMessage): string | null =>
  req.url?.includes('hl=') ? new URLSearchParams(req.url.split('?')[1] ?? '').get('hl') : null;

/** `Accept-Language`'s tags, most wanted first (`q=0` left out). */
function acceptedTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((a) => a.tag && a.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((a) => a.tag);
}

/**
 * The language of a page for this request: the one chosen with the switcher (now, or before:
 * its cookie), else the first of `Accept-Language` we have (any Chinese reads Simplified
 * Chinese), else English.
 */
export function languageOf(req: IncomingMessage): Language {
  const now = chosenNow(req);
  if (isLanguage(now)) return now;
  const chosen = readCookie(req.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(chosen)) return chosen;
  for (const tag of acceptedTags(req.headers['accept-language'])) {
    const primary = tag.split('-')[0];
    if (primary === 'zh') return 'zh-CN';
    const known = LANGUAGES.find((l) => l.toLowerCase().split('-')[0] === primary);
    if (known) return known;
  }
  return 'en';
}

/** The words of this request's language. */
export const wordsOf = (req: IncomingMessage): Words => wordsFor(languageOf(req));

/** Middleware: a language picked with the switcher is kept in a cookie for the next pages. */
export function rememberLanguage(req: Request, res: Response, next: NextFunction): void {
  const now = chosenNow(req);
  if (isLanguage(now)) {
    const year = 365 * 24 * 3600;
    res.append(
      'Set-Cookie',
      cookieHeader(LANGUAGE_COOKIE, now, { path: '/', maxAge: year, secure: req.secure }),
    );
  }
  next();
}

/** The switcher's links: this page in each language (its other query parameters kept). */
export function languageLinks(req: Request, current: Language) {
  const [path, query] = req.originalUrl.split('?');
  return LANGUAGES.map((code) => {
    const params = new URLSearchParams(query ?? '');
    params.set('hl', code);
    return {
      code,
      name: LANGUAGE_NAMES[code],
      href: `${path}?${params}`,
      current: code === current,
    };
  });
}
