import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { cpuMicros, fmt, median, signup, stop, waitFor } from './harness';
import { postMultipart, rssOf } from './upload';

const ROUNDS = 3;
const PER_ROUND = 4;
const MiB = 1024 * 1024;

/** A 24-megapixel camera JPEG (~20 MB: noise compresses badly), with GPS in its EXIF. */
async function cameraJpeg(): Promise<Buffer> {
  const [w, h] = [6000, 4000];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function post(base: string, token: string, path: string, body: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(body)]), name);
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status >= 300) throw new Error(`${path} answered HTTP ${res.status}`);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

type Start = (name: string, extra: Record<string, string>) => ChildProcess;

/** Uploads of `bytes`, PER_ROUND a round: MB/s of the uploads, and CPU ms per upload. */
async function uploads(base: string, token: string, pid: number, bytes: Buffer, name: string) {
  const mbps: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const cpuBefore = cpuMicros(pid);
    const started = process.hrtime.bigint();
    const records = [];
    for (let i = 0; i < PER_ROUND; i++) {
      records.push(await post(base, token, '/api/v1/file/upload', bytes, name));
    }
    const s = Number(process.hrtime.bigint() - started) / 1e9;
    // The thumbnails made in the background are part of what an upload costs.
    for (const rec of records) {
      if (rec.thumb_url)
        await (await fetch(`${base}${new URL(rec.thumb_url as string).pathname}`)).arrayBuffer();
    }
    cpu.push((cpuMicros(pid) - cpuBefore) / 1000 / PER_ROUND);
    mbps.push((bytes.length * PER_ROUND) / s / 1e6);
    for (const rec of records) await fetch(rec.delete as string, { method: 'DELETE' });
  }
  return { mbps: median(mbps), cpuMs: median(cpu) };
}

/**
 * Files as media: uploads with metadata stripping and thumbnails on against both off (a 24 MP
 * JPEG, and a non-image of the same size), the time a 24 MP JPEG's thumbnail takes, and a 1 GiB
 * bundle streamed as a zip with the server's memory sampled.
 */
export async function benchMedia(base: string, start: Start): Promise<void> {
  const jpeg = await cameraJpeg();
  const other = randomBytes(jpeg.length);
  console.log(
    `# media: a ${fmt(jpeg.length / MiB, 1)} MiB 24 MP JPEG, ${ROUNDS} rounds of ${PER_ROUND}`,
  );
  const results: Record<string, { mbps: number; cpuMs: number }> = {};
  for (const [mode, extra] of [
    ['on', {}],
    ['off', { UPLOAD_KEEP_METADATA: 'true', UPLOAD_THUMBNAILS: 'false' }],
  ] as const) {
    const server = start(`media-${mode}`, extra);
    try {
      await waitFor(`${base}/health/ready`);
      const token = await signup(base, `media-${mode}@example.com`);
      results[`jpeg-${mode}`] = await uploads(base, token, server.pid!, jpeg, 'photo.jpg');
      results[`other-${mode}`] = await uploads(base, token, server.pid!, other, 'data.bin');
      if (mode === 'on') await thumbnailTimes(base, token, jpeg);
      if (mode === 'on') await zipMemory(base, token, server.pid!);
    } finally {
      await stop(server);
    }
  }
  for (const kind of ['jpeg', 'other']) {
    const [on, off] = [results[`${kind}-on`], results[`${kind}-off`]];
    console.log(
      `upload ${kind}: ${fmt(on.mbps)} MB/s with stripping and thumbnails, ${fmt(off.mbps)} MB/s ` +
        `without: ratio ${fmt(on.mbps / off.mbps, 2)}; CPU ${fmt(on.cpuMs)} ms an upload ` +
        `(thumbnails included) against ${fmt(off.cpuMs)} ms: ${fmt(on.cpuMs / off.cpuMs, 2)}`,
    );
  }
}

/** Upload, then the thumbnail asked for at once (it waits for it): the times, p50 and p99. */
async function thumbnailTimes(base: string, token: string, jpeg: Buffer) {
  const times: number[] = [];
  for (let i = 0; i < 8; i++) {
    const rec = await post(base, token, '/api/v1/file/upload', jpeg, `t${i}.jpg`);
    const started = process.hrtime.bigint();
    const res = await fetch(`${base}${new URL(rec.thumb_url as string).pathname}`);
    if (!res.ok) throw new Error(`thumbnail answered HTTP ${res.status}`);
    await res.arrayBuffer();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    await fetch(rec.delete as string, { method: 'DELETE' });
  }
  times.sort((a, b) => a - b);
  console.log(
    `thumbnail of a 24 MP JPEG (upload answered, then asked for): p50 ${fmt(median(times))} ms, ` +
      `p99 ${fmt(times[Math.ceil(times.length * 0.99) - 1])} ms (of ${times.length})`,
  );
}

/** A 1 GiB bundle (four 256 MiB files) downloaded as one zip; the server's RSS sampled. */
async function zipMemory(base: string, token: string, pid: number) {
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await postMultipart(base, token, 256 * MiB, `part${i}.bin`);
    if (answer.status !== 200) throw new Error(`upload answered HTTP ${answer.status}`);
    ids.push((JSON.parse(answer.body) as { data: { file_id: number } }).data.file_id);
  }
  const res = await fetch(`${base}/api/v1/bundles`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ file_ids: ids }),
  });
  const bundle = ((await res.json()) as { data: { short_url: string } }).data;
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = process.hrtime.bigint();
  const zip = await fetch(`${base}${new URL(bundle.short_url).pathname}/zip`);
  let bytes = 0;
  for await (const c of zip.body as unknown as AsyncIterable<Uint8Array>) bytes += c.length;
  const s = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  console.log(
    `bundle zip of 1 GiB: ${fmt(bytes / MiB)} MiB in ${fmt(s, 1)} s (${fmt(bytes / s / 1e6)} MB/s), ` +
      `server RSS growth ${fmt((peak - before) / MiB, 1)} MiB (target < 64)`,
  );
}
