import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_KEYS } from '../../src/config/validate-env';

const root = join(__dirname, '..', '..');

describe('Start-up configuration', () => {
  it('should stop on a bad setting with one clear line and no stack trace', () => {
    const run = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', 'src/main.ts'],
      {
        cwd: root,
        env: { PATH: process.env.PATH, PORT: 'not-a-port', NODE_ENV: 'test' },
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT .*"not-a-port"/);
  });

  it('should list every setting in .env.example', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    for (const key of ENV_KEYS) expect(example).toMatch(new RegExp(`^#? ?${key}=`, 'm'));
  });
});
