import { spawn, spawnSync } from 'node:child_process';

const found = new Map<string, string | null>();

/**
 * The version of the ffmpeg at `path` (FFMPEG_PATH, `ffmpeg` on the PATH by default), or null
 * when there is none (or FFMPEG_PATH is empty): asked once per path, at start.
 */
export function ffmpegVersion(path: string): string | null {
  if (!path) return null;
  if (!found.has(path)) {
    const run = spawnSync(path, ['-version'], { timeout: 5000, encoding: 'utf8' });
    const version = run.status === 0 ? /ffmpeg version (\S+)/.exec(run.stdout)?.[1] : undefined;
    found.set(path, version ?? null);
  }
  return found.get(path)!;
}

/** A poster frame is never larger than this (a PNG of an 8K frame is ~30 MB). */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/**
 * One frame of a video as a PNG: a second in (a first frame is often black), or the very first
 * of a shorter one. ffmpeg runs as its own process, killed past `seconds`; null when it finds
 * no frame (not a video it can read).
 */
export async function posterFrame(ffmpeg: string, input: string, seconds: number) {
  return (await frameAt(ffmpeg, input, '1', seconds)) ?? frameAt(ffmpeg, input, '0', seconds);
}

function frameAt(ffmpeg: string, input: string, at: string, seconds: number) {
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-ss', at, '-i', input];
  args.push('-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1');
  return new Promise<Buffer | null>((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), seconds * 1000);
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_FRAME_BYTES) child.kill('SIGKILL');
      else chunks.push(c);
    });
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && size > 0 && size <= MAX_FRAME_BYTES) resolve(Buffer.concat(chunks));
      else if (code === 0 || code === 1) resolve(null);
      else reject(new Error(`ffmpeg stopped (${code ?? 'killed'})`));
    });
  });
}
