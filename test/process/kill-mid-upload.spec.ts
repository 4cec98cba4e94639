import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exited, freePort, listening, start, until } from './service-process';

// kill -9 in the middle of an upload, then a fresh start: the partial file must not stay.
const partials = (tmp: string) => (existsSync(tmp) ? readdirSync(tmp) : []);

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
