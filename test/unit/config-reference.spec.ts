import { readFileSync } from 'node:fs';
import { DOC_FILE, withTable } from '../../scripts/config-reference';
import { ENV_KEYS } from '../../src/config/validate-env';

describe('the configuration reference (docs/configuration.md)', () => {
  const doc = readFileSync(DOC_FILE, 'utf8');

  it('should be the table the Env class makes (run npm run docs:config when this fails)', () => {
    expect(doc).toBe(withTable(doc));
  });

  it('should say what every setting means', () => {
    const undocumented = ENV_KEYS.filter(
      (k) => !new RegExp(`\\| \`${k}\` \\|.*\\| \\S[^|]* \\|$`, 'm').test(doc),
    );
    expect(undocumented).toEqual([]);
  });
});
