import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fmt, median } from './harness';

const ROUNDS = 3;
const SECONDS = 5;
const TICKS = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** CPU time a process has used, all its threads, in µs (utime + stime of /proc/<pid>/stat). */
export function cpuMicros(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / TICKS;
}

/** CPU µs per request of the service while `path()` is asked for, over a run. */
async function cpuPerRequest(base: string, pid: number, path: () => string): Promise<number> {
  const before = cpuMicros(pid);
  const r = await autocannon({
    url: base,
    connections: 50,
    duration: SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: path() }) }],
  });
  return (cpuMicros(pid) - before) / r.requests.total;
}

/**
 * What an address nothing holds costs against a cached redirect, in CPU per request of the
 * service (issue 31: a miss cost ~450 µs, a hit ~23 µs): misses from a set of 10,000 addresses
 * (each known as missing after its first visit), and misses never seen before.
 */
export async function benchMisses(base: string, pid: number, links: number) {
  console.log(`# unknown addresses: CPU µs per request of the service, ${SECONDS} s runs`);
  const random = (n: number) => Math.floor(Math.random() * n);
  let fresh = 0;
  const runs = { hit: [] as number[], known: [] as number[], fresh: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    runs.hit.push(await cpuPerRequest(base, pid, () => `/b${random(links)}`));
    runs.known.push(await cpuPerRequest(base, pid, () => `/zz${random(10_000)}`));
    runs.fresh.push(await cpuPerRequest(base, pid, () => `/new${r}x${fresh++}`));
    console.log(
      `  round ${r + 1}: hit ${fmt(runs.hit[r], 1)} µs, miss ${fmt(runs.known[r], 1)} µs, ` +
        `first miss ${fmt(runs.fresh[r], 1)} µs`,
    );
  }
  const hit = median(runs.hit);
  console.log(
    `cached redirect ${fmt(hit, 1)} µs/request; unknown address ${fmt(median(runs.known), 1)} ` +
      `(${fmt(median(runs.known) / hit, 2)}× a hit); never-seen address ${fmt(median(runs.fresh), 1)} ` +
      `(${fmt(median(runs.fresh) / hit, 2)}×)`,
  );
  return { hit, miss: median(runs.known), fresh: median(runs.fresh) };
}
