import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The built service (`dist/`), as `npm start` runs it; built first when missing or older than src/. */
const root = join(__dirname, '..', '..');
const MAIN = join(root, 'dist', 'src', 'main.js');

const newest = (dir: string): number =>
  Math.max(
    0,
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(join(dir, e.name)) : statSync(join(dir, e.name)).mtimeMs,
    ),
  );

export function ensureBuilt(): void {
  let built = 0;
  try {
    built = statSync(MAIN).mtimeMs;
  } catch {
    // not built yet
  }
  if (built > newest(join(root, 'src'))) return;
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`npm run build failed: ${run.stdout}${run.stderr}`);
}

export interface Instance {
  child: ChildProcess;
  base: string;
  output: () => string;
}

/** One instance on `port` with these settings (and nothing else from this process's env). */
export async function startBuilt(port: number, env: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: root,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} stopped: ${out}`);
    const ready = await fetch(`${base}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, base, output: () => out };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`instance on ${port} did not become ready: ${out}`);
}

export async function stopBuilt(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  await exited;
}
