import i18next from 'i18next';
import { escapeHtml } from '../common/escape-html';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';

/** The languages every page is written in; the first is the fallback. */
export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

export const isLanguage = (s: unknown): s is Language => LANGUAGES.includes(s as Language);

/**
 * Keys are the English sentences themselves (as gettext's are): a template reads as the page
 * does, and English needs an entry only for plural forms. `tk()` marks a literal that is
 * translated later (a title, a label in a table) so the key check finds it.
 */
const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
  fallbackLng: 'en',
  keySeparator: false,
  nsSeparator: false,
  // Eta escapes what a page prints; `html()` escapes the values of the few keys holding markup.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

export type Vars = Record<string, string | number>;

/** One language's words and formats, as every page and view takes them. */
export interface Words {
  lang: Language;
  /** The key in this language, `{{name}}` filled from `vars`; `count` picks the plural form. */
  t(key: string, vars?: Vars): string;
  /** A message made elsewhere (a service's error): translated when a key has it, else as it is. */
  say(message: string): string;
  /** For the keys that hold markup: the values are HTML-escaped, the result is printed raw. */
  html(key: string, vars?: Vars): string;
  /** A moment in UTC, as people of this language write it; a dash for none. */
  time(d: Date | number | null | undefined): string;
  /** The day of a moment in UTC. */
  date(d: Date): string;
  number(n: number): string;
}

/** Marks a literal key for `t()` later (the key check finds these as it finds literal keys of `t()`). */
export const tk = <S extends string>(key: S): S => key;

function make(lang: Language): Words {
  const t = i18n.getFixedT(lang);
  const times = new Intl.DateTimeFormat(lang, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  });
  const days = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(lang);
  // A key without values always reads the same: i18next copies its whole options object on every
  // call (~2 µs), which was a fifth of a list page's time (hundreds of labels).
  const plain = new Map<string, string>();
  const fixed = (key: string) => {
    let text = plain.get(key);
    if (text !== undefined) return text;
    text = t(key, {});
    // The keys are the locale files' (a few hundred); a page passing other text is not kept.
    if (plain.size < 5000) plain.set(key, text);
    return text;
  };
  return {
    lang,
    t: (key, vars) => (vars === undefined ? fixed(key) : t(key, vars)),
    say: (message) => (i18n.exists(message, { lng: lang }) ? t(message) : message),
    html: (key, vars) =>
      t(
        key,
        Object.fromEntries(
          Object.entries(vars ?? {}).map(([k, v]) => [
            k,
            typeof v === 'string' ? escapeHtml(v) : v,
          ]),
        ),
      ),
    time: (d) => {
      if (d === null || d === undefined) return '—';
      const date = typeof d === 'number' ? new Date(d * 1000) : d;
      return `${times.format(date)} UTC`;
    },
    date: (d) => days.format(d),
    number: (n) => numbers.format(n),
  };
}

const ALL = new Map(LANGUAGES.map((l) => [l, make(l)]));

export const wordsFor = (lang: Language): Words => ALL.get(lang)!;
