import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The service as its own process (ts-node), on a database and storage folder of its own. */
const root = join(__dirname, '..', '..');
const TS = ['-r', 'ts-node/register/transpile-only'];

export const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

export function start(
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
      const m = /API token: (ld_[A-Za-z0-9_-]+)/.exec(out);
      // The first start prints the admin token (on stderr, maybe after the banner on stdout).
      if (firstStart ? m : /Linkdrop \S+ is ready/.test(out)) {
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
export async function listening(port: number): Promise<void> {
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

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((r) => child.once('exit', r));
export const until = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 100));
};
