import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
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

  const start = (env: Record<string, string>, cwd: string) =>
    new Promise<{ status: number | null; stderr: string }>((done) => {
      const child = spawn(
        process.execPath,
        ['-r', require.resolve('ts-node/register/transpile-only'), join(root, 'src/main.ts')],
        {
          cwd,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            TS_NODE_PROJECT: join(root, 'tsconfig.json'),
            ...env,
          },
        },
      );
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (status) => done({ status, stderr }));
    });

  it('should say in one line that its port is taken, and what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-port-'));
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', r));
    try {
      const port = (taken.address() as AddressInfo).port;
      const run = await start({ PORT: String(port), HOST: '127.0.0.1' }, dir);
      expect(run.status).toBe(1);
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(`^Port ${port} is taken \\(127\\.0\\.0\\.1:${port}\\): stop`),
        ),
      ]);
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('should say in one line which database it cannot reach, without its password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-db-'));
    // A port nothing listens on: a server opened and closed again.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    try {
      const run = await start(
        { DB_URL: `mysql://root:hunter2@127.0.0.1:${port}/x`, PORT: '0' },
        dir,
      );
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(`^Cannot reach the database at mysql://127\\.0\\.0\\.1:${port}/x`),
      );
      expect(run.stderr).not.toContain('hunter2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('should list every setting in .env.example', () => {
    const example = readFileSync(join(root, '.env.example'), 'utf8');
    for (const key of ENV_KEYS) expect(example).toMatch(new RegExp(`^#? ?${key}=`, 'm'));
  });
});
