import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** Servers run on core 0, the load generator (this process) on core 1, where taskset exists. */
const HAS_TASKSET = existsSync('/usr/bin/taskset');

const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU time a process has used, all its threads, in µs (utime + stime of /proc/<pid>/stat). */
export function cpuMicros(pid: number): number {
  return statMicros(`/proc/${pid}/stat`);
}

/** utime + stime of a /proc stat file, in µs. */
function statMicros(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}

/** CPU time of each thread of a process, in µs, by thread id (the main thread's is the pid). */
export function threadCpuMicros(pid: number): Map<number, number> {
  const threads = new Map<number, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    threads.set(Number(tid), statMicros(`/proc/${pid}/task/${tid}/stat`));
  }
  return threads;
}

/**
 * Where a process's CPU went between two readings of threadCpuMicros, per operation: its main
 * thread, its busiest other thread (the SQLite visit writer, where it runs) and all the rest
 * (V8's collector and platform threads, libuv's pool).
 */
export function threadShares(before: Map<number, number>, after: Map<number, number>, pid: number) {
  const used = [...after].map(([tid, us]) => [tid, us - (before.get(tid) ?? 0)] as const);
  const main = used.find(([tid]) => tid === pid)?.[1] ?? 0;
  const others = used.filter(([tid]) => tid !== pid).map(([, us]) => us);
  const busiest = Math.max(0, ...others);
  const rest = others.reduce((a, b) => a + b, 0) - busiest;
  return { main, busiest, rest };
}

/**
 * The MySQL or MariaDB server on this machine (a `mysqld` or `mariadbd` process), whose CPU a
 * bench can read; null when there is not exactly one (or /proc does not tell).
 */
export function databaseServerPid(): number | null {
  const found: number[] = [];
  for (const entry of existsSync('/proc') ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      if (comm === 'mysqld' || comm === 'mariadbd') found.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return found.length === 1 ? found[0] : null;
}

export function pinSelf(core: number): void {
  if (HAS_TASKSET) spawnSync('taskset', ['-cp', String(core), String(process.pid)]);
}

export function startPinned(
  core: number,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  const cmd = HAS_TASKSET ? 'taskset' : process.execPath;
  const argv = HAS_TASKSET ? ['-c', String(core), process.execPath, ...args] : args;
  const child = spawn(cmd, argv, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`${url} did not answer in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  // A child killed by a signal has a signalCode and no exitCode: both mean it is gone.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface LoadResult {
  rps: number;
  /** Requests answered in the run. */
  total: number;
  p99: number;
  non2xx3xx: number;
  errors: number;
}

export async function load(opts: autocannon.Options): Promise<LoadResult> {
  const r = await autocannon({ connections: 50, duration: 10, ...opts });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p99: r.latency.p99,
    non2xx3xx: r.non2xx - r['3xx'],
    errors: r.errors + r.timeouts,
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * The median of each round's own ratio a[r] / b[r]: both sides of a round run within a minute,
 * while this machine's speed drifts over minutes, so it drifts less than the ratio of medians.
 */
export const medianRatio = (a: number[], b: number[]): number => median(a.map((x, r) => x / b[r]));

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** Creates links b<from>..b<to-1>, 50 requests in flight, as clients would. */
export async function createLinks(
  base: string,
  token: string,
  from: number,
  to: number,
  prefix = 'b',
) {
  let next = from;
  const worker = async () => {
    while (next < to) {
      const i = next++;
      const res = await fetch(`${base}/api/v1/shorten`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          target_url: `https://example.com/target/${i}`,
          custom_slug: `${prefix}${i}`,
        }),
      });
      if (res.status !== 200)
        throw new Error(`creating ${prefix}${i}: HTTP ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

/** Runs a script on a core to its end and returns what it printed (it fails if the script does). */
export function runPinned(core: number, args: string[], env: Record<string, string>) {
  const cmd = HAS_TASKSET ? 'taskset' : process.execPath;
  const argv = HAS_TASKSET ? ['-c', String(core), process.execPath, ...args] : args;
  return new Promise<string>((resolve, reject) => {
    const child = spawn(cmd, argv, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args[0]} exited with ${code}`)),
    );
  });
}

/** A new account on the service at `base`; its API token. */
export async function signup(base: string, email = 'bench@example.com'): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'benchmark password' }),
  });
  const body = (await res.json()) as { data: { token: string } };
  return body.data.token;
}
