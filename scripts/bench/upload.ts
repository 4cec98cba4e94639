import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { cpuMicros, fmt, median } from './harness';

const CHUNK = Buffer.alloc(1024 * 1024, 0x5a);

/** `bytes` of data in 1 MiB chunks, generated as read (nothing held whole). */
export function* chunks(bytes: number): Generator<Buffer> {
  for (let left = bytes; left > 0; left -= CHUNK.length) {
    yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
  }
}

export const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

export async function diskWrite(dir: string, bytes: number): Promise<number> {
  const file = join(dir, 'disk-baseline.bin');
  const started = process.hrtime.bigint();
  await pipeline(Readable.from(chunks(bytes)), createWriteStream(file));
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(file);
  return bytes / s / 1e6;
}

/**
 * One multipart upload of `bytes` generated as sent (nothing held whole on this side either),
 * as the form-data package (axios, PicGo) makes one: the parser's search skips ahead by the
 * boundary's length, so the 13 characters used before cost ~17% of the speed real clients see.
 */
export function postMultipart(base: string, token: string, bytes: number, name: string) {
  const boundary = `${'-'.repeat(26)}${'3'.repeat(24)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(`${base}/api/v1/file/upload`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(head.length + bytes + tail.length),
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    void pipeline(
      Readable.from(
        (function* () {
          yield head;
          yield* chunks(bytes);
          yield tail;
        })(),
      ),
      req,
    ).catch(reject);
  });
}

/** One streamed multipart upload; the server's RSS is sampled every 20 ms meanwhile. */
async function upload(base: string, token: string, bytes: number, serverPid: number) {
  const cpuBefore = cpuMicros(serverPid);
  const before = rssOf(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(serverPid))), 20);
  const started = process.hrtime.bigint();
  const answer = await postMultipart(base, token, bytes, 'big.bin');
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  const cpuPerMib = (cpuMicros(serverPid) - cpuBefore) / (bytes / 1024 ** 2);
  clearInterval(sampler);
  if (answer.status !== 200) throw new Error(`upload answered HTTP ${answer.status}`);
  // Deleted, so the next round's identical bytes are stored again rather than found stored.
  const { hash } = (JSON.parse(answer.body) as { data: { hash: string } }).data;
  const gone = await fetch(`${base}/api/v1/file/delete/${hash}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!gone.ok) throw new Error(`deleting the upload answered HTTP ${gone.status}`);
  return { mbps: bytes / s / 1e6, growth: peak - before, peak, cpuPerMib };
}

export async function benchUpload(base: string, token: string, dir: string, serverPid: number) {
  const bytes = 1024 ** 3;
  const rounds = 3;
  console.log('# upload: 1 GiB streamed to local storage, next to a plain stream to a file');
  const disk: number[] = [];
  const ours: number[] = [];
  const growth: number[] = [];
  const peaks: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < rounds; r++) {
    disk.push(await diskWrite(dir, bytes));
    const u = await upload(base, token, bytes, serverPid);
    ours.push(u.mbps);
    growth.push(u.growth);
    peaks.push(u.peak);
    cpu.push(u.cpuPerMib);
    console.log(
      `  round ${r + 1}: disk ${fmt(disk[r])} MB/s, upload ${fmt(u.mbps)} MB/s, ` +
        `server RSS peak ${fmt(u.peak / 1024 ** 2)} MiB (+${fmt(u.growth / 1024 ** 2, 1)} MiB), ` +
        `${fmt(u.cpuPerMib)} µs of CPU per MiB`,
    );
  }
  console.log(`disk write: ${fmt(median(disk))} MB/s`);
  console.log(`upload: ${fmt(median(ours))} MB/s (ratio ${fmt(median(ours) / median(disk), 2)})`);
  console.log(
    `upload memory: server RSS peak ${fmt(Math.max(...peaks) / 1024 ** 2)} MiB, ` +
      `growth during an upload at most ${fmt(Math.max(...growth) / 1024 ** 2, 1)} MiB (limit 64 MiB)`,
  );
  console.log(`upload CPU: ${fmt(median(cpu))} µs per MiB (the service, all its threads)`);
  return { cpuPerMib: median(cpu) };
}
