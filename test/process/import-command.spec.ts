import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm run cli -- import ...` as an operator runs it (not a terminal: no progress bar).
const root = join(__dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'imports');
const dir = mkdtempSync(join(tmpdir(), 'linkdrop-import-'));

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/cli.ts', ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DB_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      STORAGE_LOCAL_DIR: join(dir, 'up'),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });

describe('The import command', () => {
  beforeAll(() => {
    expect(
      cli('account:create', '--email', 'mover@example.com', '--password', 'long pass').status,
    ).toBe(0);
  });

  it('should show what it would do on a dry run, then do it, with a summary', () => {
    const file = join(fixtures, 'yourls-export.sql');
    const dry = cli('import', 'yourls', file, '--account', 'mover@example.com', '--dry-run');
    expect(dry.stderr).toBe('');
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(
      `import yourls ${file} into mover@example.com (dry run: nothing written)`,
    );
    expect(dry.stdout).toMatch(/^ {2}imported: 4$/m);
    const real = cli('import', 'yourls', file, '--account', 'mover@example.com');
    expect(real.status).toBe(0);
    expect(real.stdout).toMatch(/^ {2}rows: {5}6$/m);
    expect(real.stdout).toMatch(/^ {2}imported: 4$/m);
    expect(real.stdout).toMatch(/^ {2}visits carried over: 20$/m);
    expect(real.stdout).toMatch(
      /^failed:\n {2}row 5: slug "api" is reserved\n {2}row 6: not an http/m,
    );
    // Again: every slug taken now; renamed under new ones on request.
    const again = cli(
      'import',
      'yourls',
      file,
      '--account',
      'mover@example.com',
      '--on-conflict',
      'rename',
    );
    expect(again.stdout).toMatch(/^ {2}imported: 4 \(4 under a new slug\)$/m);
    expect(again.stdout).toMatch(/^renamed:\n {2}row 1: yls -> [A-Za-z0-9]+$/m);
  });

  it('should refuse a bad kind, a missing account, a missing file and a wrong format', () => {
    const kind = cli(
      'import',
      'bitly',
      join(fixtures, 'links.csv'),
      '--account',
      'mover@example.com',
    );
    expect(kind.status).toBe(1);
    expect(kind.stderr).toMatch(/Unknown import kind "bitly": one of yourls, shlink, kutt, csv/);
    const nobody = cli('import', 'csv', join(fixtures, 'links.csv'), '--account', 'no@example.com');
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toMatch(/Account not found/);
    const missing = cli('import', 'csv', join(dir, 'nope.csv'), '--account', 'mover@example.com');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/Cannot read .*nope\.csv/);
    const wrong = cli(
      'import',
      'kutt',
      join(fixtures, 'links.csv'),
      '--account',
      'mover@example.com',
    );
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/links\.csv: not JSON/);
    expect(cli('import', 'csv').status).toBe(2);
  });
});
