import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** `t('…')`, `tk('…')`, `html('…')` with a literal key, in ' or " quotes. */
const CALL = /\b(?:t|tk|html)\(\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)")/g;

/** Every literal key the pages and views translate (templates and non-test sources of `dir`). */
export function usedKeys(dir: string): Set<string> {
  const keys = new Set<string>();
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.eta') || (p.endsWith('.ts') && !p.endsWith('.spec.ts'))) {
        for (const m of readFileSync(p, 'utf8').matchAll(CALL)) {
          keys.add((m[1] ?? m[2]).replace(/\\(.)/g, '$1'));
        }
      }
    }
  };
  walk(dir);
  return keys;
}

/** A key with `{{count}}` has plural forms: English `_one` and `_other`, Chinese `_other`. */
export const isPlural = (key: string) => key.includes('{{count}}');
