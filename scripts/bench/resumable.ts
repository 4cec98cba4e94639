import { execSync } from 'node:child_process';
import { createWriteStream, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cpuMicros, fmt, median, medianRatio, startPinned, stop, waitFor } from './harness';
import { chunks, rssOf } from './upload';

const GiB = 1024 ** 3;
const PART = 16 * 1024 * 1024;
const ROUNDS = 5;
const FLOOR_PORT = 3905;

interface Session {
  uploadId: string;
  path: string;
}

async function api<T>(base: string, token: string, method: string, path: string, body?: object) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

async function begin(base: string, token: string, bytes: number): Promise<Session> {
  const d = await api<{ upload_id: string; upload_url: string }>(
    base,
    token,
    'POST',
    '/file/large-file/create',
    { file_name: 'bench.bin', file_size: bytes },
  );
  return { uploadId: d.upload_id, path: new URL(d.upload_url).pathname };
}

/** One tus PATCH of `length` bytes at `offset`; `cutAfter` bytes sent, then the connection goes. */
function patch(
  base: string,
  token: string,
  s: Session,
  offset: number,
  length: number,
  cutAfter?: number,
) {
  return new Promise<void>((resolve, reject) => {
    const req = request(`${base}${s.path}`, {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(length),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 204 ? resolve() : reject(new Error(`PATCH ${res.statusCode}`)),
      );
    });
    if (cutAfter === undefined) {
      req.on('error', reject);
      void pipeline(Readable.from(chunks(length)), req).catch(reject);
      return;
    }
    req.on('error', () => resolve());
    void pipeline(Readable.from(chunks(cutAfter)), req, { end: false })
      .then(() => new Promise((r) => setTimeout(r, 200)))
      .then(() => {
        req.destroy();
        resolve();
      });
  });
}

async function offsetOf(base: string, token: string, s: Session): Promise<number> {
  const res = await fetch(`${base}${s.path}`, {
    method: 'HEAD',
    headers: { Authorization: `Bearer ${token}`, 'Tus-Resumable': '1.0.0' },
  });
  return Number(res.headers.get('upload-offset'));
}

/** The whole file in 16 MiB PATCHes from `from`, then the complete call. */
async function sendFrom(base: string, token: string, s: Session, from: number, bytes: number) {
  const started = process.hrtime.bigint();
  let lastStarted = started;
  for (let offset = from; offset < bytes; offset += PART) {
    lastStarted = process.hrtime.bigint();
    await patch(base, token, s, offset, Math.min(PART, bytes - offset));
  }
  const done = await api<{ file: { hash: string } }>(
    base,
    token,
    'POST',
    '/file/large-file/complete',
    {
      upload_id: s.uploadId,
    },
  );
  const secs = (a: bigint, b: bigint) => Number(b - a) / 1e9;
  // The last PATCH also turns the parts into the file (tus's onUploadFinish).
  return {
    sending: secs(started, lastStarted),
    completing: secs(lastStarted, process.hrtime.bigint()),
    deleteHash: done.file.hash,
  };
}

/** MB/s once the bytes are written (page cache), and once `sync` has put them on the disk. */
interface Written {
  cached: number;
  synced: number;
}

const secsSince = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e9;

async function diskWriteSynced(dir: string, bytes: number): Promise<Written> {
  const file = join(dir, 'disk-baseline.bin');
  const started = process.hrtime.bigint();
  await pipeline(Readable.from(chunks(bytes)), createWriteStream(file));
  const cached = secsSince(started);
  execSync('sync');
  const synced = secsSince(started);
  rmSync(file);
  return { cached: bytes / cached / 1e6, synced: bytes / synced / 1e6 };
}

/** The same 16 MiB PATCHes to the bare upload server (receive, SHA-256, write; nothing else). */
async function floorWrite(base: string, bytes: number): Promise<Written> {
  const started = process.hrtime.bigint();
  for (let offset = 0; offset < bytes; offset += PART) {
    await patch(base, '', { uploadId: '', path: '/' }, offset, Math.min(PART, bytes - offset));
  }
  const cached = secsSince(started);
  execSync('sync');
  const synced = secsSince(started);
  return { cached: bytes / cached / 1e6, synced: bytes / synced / 1e6 };
}

/**
 * A 1 GiB resumable upload in 16 MiB tus chunks on local storage, next to a plain stream to a
 * file and to the bare upload server (on the service's core) in the same run; the server's RSS
 * sampled meanwhile. Then one cut at half way and resumed from the offset HEAD reports: the
 * bytes sent in all, against the file's size.
 */
export async function benchResumable(base: string, token: string, dir: string, serverPid: number) {
  console.log(
    '# resumable upload: 1 GiB by tus in 16 MiB chunks, next to a plain stream to a file',
  );
  const floorBase = `http://127.0.0.1:${FLOOR_PORT}`;
  const floorServer = startPinned(0, [join(__dirname, 'bare-upload-server.js')], {
    PORT: String(FLOOR_PORT),
    BENCH_FILE: join(dir, 'floor.bin'),
  });
  await waitFor(floorBase);
  const disk: Written[] = [];
  const ours: Written[] = [];
  const floor: Written[] = [];
  const growth: number[] = [];
  const cpu = { ours: [] as number[], bare: [] as number[] };
  const perMib = (pid: number, before: number) => (cpuMicros(pid) - before) / (GiB / 1024 ** 2);
  for (let r = 0; r < ROUNDS; r++) {
    // Each write starts with no dirty pages waiting, so neither pays for the other's writeback.
    execSync('sync');
    disk.push(await diskWriteSynced(dir, GiB));
    execSync('sync');
    const s = await begin(base, token, GiB);
    const before = rssOf(serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(serverPid))), 20);
    const started = process.hrtime.bigint();
    const cpuBefore = cpuMicros(serverPid);
    const phases = await sendFrom(base, token, s, 0, GiB);
    cpu.ours.push(perMib(serverPid, cpuBefore));
    const cached = secsSince(started);
    execSync('sync');
    const synced = secsSince(started);
    clearInterval(sampler);
    await api(base, token, 'DELETE', `/file/delete/${phases.deleteHash}`);
    ours.push({ cached: GiB / cached / 1e6, synced: GiB / synced / 1e6 });
    growth.push(peak - before);
    execSync('sync');
    const floorBefore = cpuMicros(floorServer.pid!);
    floor.push(await floorWrite(floorBase, GiB));
    cpu.bare.push(perMib(floorServer.pid!, floorBefore));
    console.log(
      `  round ${r + 1}: disk ${fmt(disk[r].cached)} MB/s (${fmt(disk[r].synced)} synced), ` +
        `resumable ${fmt(ours[r].cached)} MB/s (${fmt(ours[r].synced)} synced), ` +
        `bare upload server ${fmt(floor[r].cached)} MB/s (${fmt(floor[r].synced)} synced), ` +
        `server RSS +${fmt(growth[r] / 1024 ** 2, 1)} MiB, ` +
        `CPU ${fmt(cpu.ours[r])} µs/MiB (bare ${fmt(cpu.bare[r])}) ` +
        `(bytes ${fmt(phases.sending, 1)} s, last byte to record ${fmt(phases.completing, 1)} s)`,
    );
  }
  await stop(floorServer);
  rmSync(join(dir, 'floor.bin'), { force: true });
  // This disk's speed swings 3x between minutes: each round is judged against its own baseline.
  const ratio = (k: keyof Written, base = disk) => median(ours.map((o, i) => o[k] / base[i][k]));
  console.log(
    `resumable upload: ${fmt(median(ours.map((o) => o.cached)))} MB/s, ` +
      `ratio ${fmt(ratio('cached'), 2)} into the page cache, ` +
      `${fmt(ratio('synced'), 2)} until on disk (sync timed on both sides; medians of the ` +
      `${ROUNDS} rounds' own ratios); ` +
      `RSS growth at most ${fmt(Math.max(...growth) / 1024 ** 2, 1)} MiB (limit 64 MiB)`,
  );
  console.log(
    `bare upload server (node:http, SHA-256, write; same core): ` +
      `${fmt(median(floor.map((f) => f.cached)))} MB/s; resumable upload ` +
      `${fmt(ratio('cached', floor), 2)} of it into the page cache, ` +
      `${fmt(ratio('synced', floor), 2)} until on disk`,
  );
  // Half the file, then a chunk cut after 8 MiB, then the rest from where the server says.
  const s = await begin(base, token, GiB);
  let wire = 0;
  for (let offset = 0; offset < GiB / 2; offset += PART) {
    await patch(base, token, s, offset, PART);
    wire += PART;
  }
  await patch(base, token, s, GiB / 2, PART, 8 * 1024 * 1024);
  wire += 8 * 1024 * 1024;
  const resumeAt = await offsetOf(base, token, s);
  await sendFrom(base, token, s, resumeAt, GiB);
  wire += GiB - resumeAt;
  // Each round's pair ran back to back (the bare server's medians once fell from 2,598 to 2,100
  // µs a MiB between two runs while the service's stayed).
  const pairedRatio = medianRatio(cpu.ours, cpu.bare);
  console.log(
    `resumable upload CPU: ${fmt(median(cpu.ours))} µs per MiB against the bare upload server's ` +
      `${fmt(median(cpu.bare))} (${fmt(median(cpu.ours) / median(cpu.bare), 2)}×; median of ` +
      `the rounds' own ratios ${fmt(pairedRatio, 2)}×; target ≤ 1.15)`,
  );
  console.log(
    `interrupted at 50% and resumed at ${fmt(resumeAt / 1024 ** 2)} MiB: ` +
      `${fmt(wire / 1024 ** 2)} MiB sent for 1024 MiB (ratio ${fmt(wire / GiB, 3)}, limit 1.05)`,
  );
  return { cpuPerMib: median(cpu.ours), bareCpuPerMib: median(cpu.bare), pairedRatio };
}
