import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const AREA = resolve(__dirname, '../../src/account-area');
/** The house rule for the account area: a controller routes; forms and views do the rest. */
const MAX_LINES = 79;

function controllers(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? controllers(p) : p.endsWith('.controller.ts') ? [p] : [];
  });
}

describe('account-area controllers', () => {
  it(`should stay under 80 lines (typed forms in forms/, view models in *.view.ts)`, () => {
    const long = controllers(AREA)
      .map((p) => ({
        file: relative(AREA, p),
        lines: readFileSync(p, 'utf8').split('\n').length - 1,
      }))
      .filter((c) => c.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
