import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upload } from 'tus-js-client';
import { exited, freePort, listening, start, until } from './service-process';

const MiB = 1024 * 1024;

// A resumable upload outlives the server: kill -9 mid-chunk, start again, and the tus client
// goes on from the offset HEAD reports, sending only the rest.
describe('A resumable upload when the server is killed', () => {
  it('should resume from the offset the restarted server reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'linkdrop-resume-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const data = randomBytes(4 * MiB);
    const first = start(dir, port, true);
    let second: ReturnType<typeof start> | undefined;
    try {
      const token = await first.token;
      await listening(port);
      const auth = { Authorization: `Bearer ${token}` };
      const created = await fetch(`${base}/api/v1/file/large-file/create`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ file_name: 'trip.bin', file_size: data.length }),
      });
      const { upload_id, upload_url } = ((await created.json()) as { data: Record<string, string> })
        .data;
      const path = new URL(upload_url).pathname;
      // One chunk of 3 MiB announced; 2.5 MiB sent, then the server dies.
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path,
        headers: {
          ...auth,
          'Tus-Resumable': '1.0.0',
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(3 * MiB),
        },
      });
      req.on('error', () => undefined);
      req.write(data.subarray(0, 2.5 * MiB));
      const partPath = join(dir, 'uploads', '.tus', upload_id);
      await until(() => existsSync(partPath) && statSync(partPath).size >= 2 * MiB);
      first.child.kill('SIGKILL');
      await exited(first.child);

      second = start(dir, port, false);
      await second.token;
      await listening(port);
      const head = await fetch(`${base}${path}`, {
        method: 'HEAD',
        headers: { ...auth, 'Tus-Resumable': '1.0.0' },
      });
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThanOrEqual(2 * MiB);
      expect(offset).toBeLessThanOrEqual(2.5 * MiB);
      const sent = await new Promise<number>((resolve, reject) => {
        let total = 0;
        const upload = new Upload(data, {
          uploadUrl: `${base}${path}`,
          headers: auth,
          chunkSize: MiB,
          retryDelays: [],
          onChunkComplete: (chunk) => (total += chunk),
          onError: reject,
          onSuccess: () => resolve(total),
        });
        upload.start();
      });
      expect(sent).toBe(data.length - offset);
      const done = await fetch(`${base}/api/v1/file/large-file/complete`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ upload_id }),
      });
      const { file } = ((await done.json()) as { data: { file: { url: string } } }).data;
      const bytes = Buffer.from(
        await (await fetch(`${base}${new URL(file.url).pathname}`)).arrayBuffer(),
      );
      expect(Buffer.compare(bytes, data)).toBe(0);
    } finally {
      for (const c of [first.child, second?.child]) {
        if (!c) continue;
        c.kill('SIGKILL');
        await exited(c);
      }
    }
  }, 120_000);
});
