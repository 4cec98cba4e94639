import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

// Identical bytes uploaded again, by anyone, are stored once; each record keeps working alone.
describe('Identical uploads share one stored copy', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  const stored = async () => (await t.storedFiles()).filter((f) => !f.includes('.tus'));
  const storageBytes = async (who: TestAccount) =>
    (await t.api().get('/api/v1/account').set(who.auth).expect(200)).body.data.usage
      .storage_bytes as number;
  const upload = async (who: TestAccount, data: Buffer, name: string) =>
    (await t.api().post('/api/v1/file/upload').set(who.auth).attach('file', data, name).expect(200))
      .body.data as { path: string; url: string; hash: string; size: number };
  const served = async (url: string) =>
    (await t.api().get(new URL(url).pathname).responseType('blob').expect(200)).body as Buffer;

  appWithTwoAccounts({}, (s: Suite) => ({ t, a, b } = s));

  it('should keep one copy for identical uploads and delete it with the last record', async () => {
    const data = randomBytes(5000);
    const before = (await stored()).length;
    const first = await upload(a, data, 'one.bin');
    const second = await upload(a, data, 'two.bin');
    const third = await upload(b, data, 'three.bin');
    expect(new Set([first.path, second.path, third.path]).size).toBe(3);
    expect(await stored()).toHaveLength(before + 1);
    expect(readFileSync((await stored()).find((f) => f.endsWith(first.path))!)).toEqual(data);
    // Each account is charged for what it uploaded.
    expect(await storageBytes(a)).toBe(2 * data.length);
    expect(await storageBytes(b)).toBe(data.length);

    // The record whose path holds the bytes goes first: the others still serve them.
    await t.api().delete(`/api/v1/file/delete/${first.hash}`).expect(200);
    expect(await stored()).toHaveLength(before + 1);
    expect(await served(second.url)).toEqual(data);
    expect(await served(third.url)).toEqual(data);
    await t.api().delete(`/api/v1/file/delete/${third.hash}`).expect(200);
    expect(await served(second.url)).toEqual(data);
    await t.api().delete(`/api/v1/file/delete/${second.hash}`).expect(200);
    expect(await stored()).toHaveLength(before);
    await t.api().get(new URL(second.url).pathname).expect(404);
    expect(await storageBytes(a)).toBe(0);
  });

  it('should store different bytes of the same size apart', async () => {
    const before = (await stored()).length;
    const x = await upload(a, Buffer.alloc(4096, 1), 'x.bin');
    const y = await upload(a, Buffer.alloc(4096, 2), 'y.bin');
    expect(await stored()).toHaveLength(before + 2);
    expect(await served(x.url)).toEqual(Buffer.alloc(4096, 1));
    expect(await served(y.url)).toEqual(Buffer.alloc(4096, 2));
  });

  it('should share the bytes of a finished resumable upload too', async () => {
    const data = randomBytes(7000);
    const before = (await stored()).length;
    const plain = await upload(b, data, 'plain.bin');
    const created = await t
      .api()
      .post('/api/v1/file/large-file/create')
      .set(b.auth)
      .send({ file_name: 'big.bin', file_size: data.length })
      .expect(200);
    await t
      .api()
      .patch(new URL(created.body.data.upload_url as string).pathname)
      .set(b.auth)
      .set('Tus-Resumable', '1.0.0')
      .set('Upload-Offset', '0')
      .set('Content-Type', 'application/offset+octet-stream')
      .send(data)
      .expect(204);
    const done = await t
      .api()
      .post('/api/v1/file/large-file/complete')
      .set(b.auth)
      .send({ upload_id: created.body.data.upload_id })
      .expect(200);
    expect(await stored()).toHaveLength(before + 1);
    await t.api().delete(`/api/v1/file/delete/${plain.hash}`).expect(200);
    expect(await served(done.body.data.file.url as string)).toEqual(data);
  });
});
