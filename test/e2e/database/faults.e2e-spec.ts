import { mkdirSync, writeFileSync, utimesSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { StorageSweeper } from '../../../src/files/storage/storage-sweeper';
import { createAccount } from '../../factories/account.factory';
import { filesUnder } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { rawUpload } from '../../utils/raw-upload';
import { until } from '../../utils/until';

describe('Faults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ HTTP_IDLE_TIMEOUT_SECONDS: '1' });
    await t.app.listen(0, '127.0.0.1');
  });
  afterAll(() => t.close());

  it('should sweep partial uploads left by a killed process, but not fresh ones', async () => {
    const tmp = join(t.storageDir, '.tmp');
    mkdirSync(tmp, { recursive: true });
    const old = join(tmp, 'left-by-kill-9');
    const fresh = join(tmp, 'in-progress');
    writeFileSync(old, Buffer.alloc(1000));
    writeFileSync(fresh, Buffer.alloc(1000));
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    await t.app.get(StorageSweeper).sweep();
    expect(existsSync(old)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
  });

  it('should close a stalled upload after the idle timeout and keep nothing of it', async () => {
    const a = await createAccount(t);
    const before = (await t.storedFiles()).filter((f) => !f.includes('.tmp')).length;
    const closed = await new Promise<boolean>((resolve) => {
      const req = rawUpload(t, a.auth.Authorization, 'slow.bin', {
        'Content-Length': String(100_000),
      });
      req.on('error', () => resolve(true));
      req.on('response', (res) => resolve(res.statusCode! >= 400));
      req.write(Buffer.alloc(10_000, 1)); // ... and then nothing more
    });
    expect(closed).toBe(true);
    // The server removes the partial file (named by a UUID) once it sees the abort, which may
    // come after the client saw the socket close.
    const partials = () =>
      filesUnder(join(t.storageDir, '.tmp')).filter((f) => /[0-9a-f]{8}-[0-9a-f]{4}-/.test(f));
    await until(() => partials().length === 0);
    expect(partials()).toEqual([]);
    const after = (await t.storedFiles()).filter((f) => !f.includes('.tmp')).length;
    expect(after).toBe(before);
  }, 15_000);
});
