import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The service and the CLI as operators run them: separate processes on a temporary SQLite file.
const root = join(__dirname, '..', '..');
const TS = ['-r', 'ts-node/register/transpile-only'];

const baseEnv = (dir: string) => ({
  PATH: process.env.PATH,
  NODE_ENV: 'test',
  DB_URL: `sqlite:${join(dir, 'db.sqlite')}`,
  LOG_LEVEL: 'warn',
});

const cli = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [...TS, 'src/cli.ts', ...args], {
    cwd: root,
    env: baseEnv(dir),
    encoding: 'utf8',
    timeout: 60_000,
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

describe('The operator CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-cli-'));

  it('should create an account and print a working token', () => {
    const run = cli(dir, 'account:create', '--email', 'Op@Example.com', '--password', 'long pass');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^created op@example\.com \(id \d+, plan free\)$/m);
    expect(run.stdout).toMatch(/^token: ld_[A-Za-z0-9_-]{32}$/m);
  });

  it('should change the plan and its end', () => {
    const run = cli(
      dir,
      'account:plan',
      '--email',
      'op@example.com',
      '--plan',
      'pro',
      '--until',
      '2027-01-01',
    );
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe('op@example.com: plan pro, ends 2027-01-01T00:00:00.000Z');
  });

  it('should refuse a taken email, an unknown plan and bad usage with a non-zero exit', () => {
    const taken = cli(dir, 'account:create', '--email', 'op@example.com', '--password', 'x');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toMatch(/already exists/);
    const plan = cli(dir, 'account:plan', '--email', 'op@example.com', '--plan', 'gold');
    expect(plan.status).toBe(1);
    expect(plan.stderr).toMatch(/Unknown plan "gold"/);
    const usage = cli(dir, 'account:create');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^Usage:/);
  });

  it('should set a new password and turn off two-factor codes for an operator locked out', () => {
    const run = cli(
      dir,
      'account:password',
      '--email',
      'op@example.com',
      '--password',
      'a new one!',
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(
      'op@example.com: password changed; 0 browser sessions logged out',
    );
    const reset = cli(dir, 'account:2fa-reset', '--email', 'op@example.com');
    expect(reset.status).toBe(0);
    expect(reset.stdout.trim()).toBe(
      'op@example.com: had no two-factor codes; 0 browser sessions logged out',
    );
    const short = cli(dir, 'account:password', '--email', 'op@example.com', '--password', 'short');
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/8 to 200 characters/);
    expect(cli(dir, 'account:2fa-reset', '--email', 'nobody@example.com').stderr).toMatch(
      /Account not found/,
    );
  });

  it('should run migrations on demand', () => {
    const run = cli(dir, 'migration:run');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('migration:run: done');
  });
});

describe('The service process', () => {
  it('should print the first-start token once, serve, and stop cleanly on SIGTERM', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-proc-'));
    const port = await freePort();
    const child = spawn(process.execPath, [...TS, 'src/main.ts'], {
      cwd: root,
      env: {
        ...baseEnv(dir),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'log',
        TRUST_PROXY: 'loopback',
      },
    });
    let out = '';
    let requestId = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    try {
      const token = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no token printed: ${out}`)), 30_000);
        child.stdout.on('data', () => {
          const m = /API token: (ld_[A-Za-z0-9_-]+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      let res: Response | undefined;
      for (let i = 0; i < 50 && !res; i++) {
        res = await fetch(`http://127.0.0.1:${port}/api/v1/account`, {
          headers: { Authorization: `Bearer ${token}` },
        }).catch(() => new Promise<undefined>((r) => setTimeout(() => r(undefined), 100)));
      }
      expect(res?.status).toBe(200);
      expect(((await res!.json()) as { data: { plan: { code: string } } }).data.plan.code).toBe(
        'pro',
      );
      requestId = res!.headers.get('x-request-id') ?? '';
      // A request with ?signature= is logged with the token redacted.
      await fetch(`http://127.0.0.1:${port}/api/v1/account?signature=${token}`);
      // The trusted proxy's request id is kept; a malformed one is replaced.
      const given = await fetch(`http://127.0.0.1:${port}/health`, {
        headers: { 'X-Request-Id': 'edge-42.a' },
      });
      expect(given.headers.get('x-request-id')).toBe('edge-42.a');
      const bad = await fetch(`http://127.0.0.1:${port}/health`, {
        headers: { 'X-Request-Id': 'two words' },
      });
      expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      const exit = new Promise<string>((r) =>
        child.once('close', (code, sig) => r(`${code}/${sig}`)),
      );
      child.kill('SIGTERM');
      // Nest re-raises the signal once its shutdown hooks have run.
      expect(['0/null', 'null/SIGTERM']).toContain(await exit);
    }
    expect(out).toContain('Stopped cleanly after SIGTERM');
    expect(out).toContain('signature=[redacted]');
    expect(out.match(/shown only now/g)).toHaveLength(1);
    expect(out.split(/API token: ld_\S+/).join('')).not.toMatch(/ld_[A-Za-z0-9_-]{32}/);
    // Not a terminal: apart from the boxed block, one JSON object per line.
    const lines = out.split('\n').filter((l) => l && !/^[+|]/.test(l));
    const logs = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const banner = logs.find((l) => /^Linkdrop \S+ is ready$/.test(String(l.msg)));
    expect(banner).toMatchObject({ address: `http://127.0.0.1:${port}`, 'sign-up': 'open' });
    expect(banner?.database).toBe(`SQLite ${join(dir, 'db.sqlite')}`);
    // Route mapping and module loading are debug-level chatter, not shown at `log`.
    expect(logs.filter((l) => /Mapped|dependencies initialized/.test(String(l.msg)))).toEqual([]);
    const line = logs.find((l) => l.requestId === requestId);
    expect(line).toMatchObject({
      level: 'info',
      msg: expect.stringMatching(/^GET \/api\/v1\/account 200 \d+ms$/),
    });
    expect(logs.some((l) => l.requestId === 'edge-42.a')).toBe(true);
  });
});
