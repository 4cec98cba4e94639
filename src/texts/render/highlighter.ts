import hljs from 'highlight.js';

/** Languages tried when a share names none: the common ones, so detection stays fast. */
const DETECTABLE = [
  'bash',
  'c',
  'cpp',
  'csharp',
  'css',
  'diff',
  'dockerfile',
  'go',
  'graphql',
  'ini',
  'java',
  'javascript',
  'json',
  'kotlin',
  'lua',
  'makefile',
  'markdown',
  'nginx',
  'perl',
  'php',
  'powershell',
  'python',
  'r',
  'ruby',
  'rust',
  'scala',
  'scss',
  'shell',
  'sql',
  'swift',
  'typescript',
  'xml',
  'yaml',
];
// Detection reads the start only: enough to tell, and 2 MiB would take seconds.
const SAMPLE_CHARS = 16_384;
const MIN_RELEVANCE = 4;

/** Every language name and alias highlight.js knows → its canonical name. */
const CANONICAL = new Map<string, string>();
for (const name of hljs.listLanguages()) {
  CANONICAL.set(name, name);
  for (const alias of hljs.getLanguage(name)?.aliases ?? [])
    CANONICAL.set(alias.toLowerCase(), name);
}

export const LANGUAGES: { name: string; label: string }[] = hljs
  .listLanguages()
  .map((name) => ({ name, label: hljs.getLanguage(name)?.name ?? name }))
  .sort((a, b) => a.label.localeCompare(b.label));

/** The canonical name of a language or alias (`js` → `javascript`); undefined when unknown. */
export const canonicalLanguage = (name: string): string | undefined =>
  CANONICAL.get(name.trim().toLowerCase());

export const languageLabel = (name: string): string => hljs.getLanguage(name)?.name ?? name;

/** The most likely language of some source code, or `plaintext` when nothing is convincing. */
export function detectLanguage(content: string): string {
  if (looksLikeJson(content)) return 'json';
  const result = hljs.highlightAuto(content.slice(0, SAMPLE_CHARS), DETECTABLE);
  return result.language && result.relevance >= MIN_RELEVANCE ? result.language : 'plaintext';
}

/** Highlighted HTML (highlight.js escapes the text itself). */
export const highlight = (content: string, language: string): string =>
  hljs.highlight(content, { language, ignoreIllegals: true }).value;

// highlight.js scores short JSON as CSS; parsing settles it.
function looksLikeJson(content: string): boolean {
  const t = content.trim();
  if (!/^[[{]/.test(t) || t.length > 2 * 1024 * 1024) return false;
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}
