import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// kill -9 in the middle of an upload, then a fresh start: the partial file must not stay.
const root = join(__dirname, '..', '..');
const TS = ['-r', 'ts-node/register/transpile-only'];

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

function start(
  dir: string,
  port: number,
  firstStart: boolean,
): { child: ChildProcess; token: Promise<string> } {
  const child = spawn(process.execPath, [...TS, 'src/main.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DB_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      STORAGE_LOCAL_DIR: join(dir, 'uploads'),
      STORAGE_SWEEP_AFTER_SECONDS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'log',
    },
  });
  let out = '';
  const token = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`did not start: ${out}`)), 30_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /API token, shown only now: (ld_[A-Za-z0-9_-]+)/.exec(out);
      // The first start prints the admin token (on stderr, maybe after the banner on stdout).
      if (firstStart ? m : /Nest application successfully started/.test(out)) {
        clearTimeout(timer);
        resolve(m?.[1] ?? '');
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  return { child, token };
}

/** The token is printed before the server listens: wait until it answers. */
async function listening(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the service did not listen');
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', r));
const partials = (tmp: string) => (existsSync(tmp) ? readdirSync(tmp) : []);
const until = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
};

describe('A process killed mid-upload', () => {
  it('should leave no partial file once it starts again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-kill-'));
    const tmp = join(dir, 'uploads', '.tmp');
    const port = await freePort();
    const first = start(dir, port, true);
    let second: ReturnType<typeof start> | undefined;
    try {
      const token = await first.token;
      await listening(port);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/file/upload',
        headers: {
          Authorization: `Bearer ${token}`,
          'Content-Type': 'multipart/form-data; boundary=XyZ',
          'Content-Length': String(5_000_000),
        },
      });
      req.on('error', () => undefined);
      req.write('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n\r\n');
      req.write(Buffer.alloc(1_000_000, 1));
      await until(() => partials(tmp).length > 0);
      expect(partials(tmp)).toHaveLength(1);
      first.child.kill('SIGKILL');
      await exited(first.child);
      expect(partials(tmp)).toHaveLength(1);

      second = start(dir, port, false);
      await second.token;
      await until(() => partials(tmp).length === 0);
      expect(partials(tmp)).toEqual([]);
    } finally {
      for (const c of [first.child, second?.child]) {
        if (!c) continue;
        c.kill('SIGKILL');
        await exited(c);
      }
    }
  }, 90_000);
});
