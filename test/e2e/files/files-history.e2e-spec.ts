import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { TestApp } from '../../utils/create-test-app';
import { RECORD_KEYS, localPath, shareRequests } from '../../utils/requests';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

describe('Files', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  appWithTwoAccounts(
    { PLAN_FREE_MAX_FILE_BYTES: String(256 * 1024) },
    (s: Suite) => ({ t, a, b } = s),
  );

  const { upload } = shareRequests(
    () => t,
    () => a,
  );

  describe('history and delete', () => {
    it('should page 30 newest first, the same at /files and /file/upload_history', async () => {
      const c = await createAccount(t);
      const ids: number[] = [];
      for (let i = 0; i < 31; i++) {
        ids.push((await upload(png(1, 1), `f${i}.png`, 'file', c).expect(200)).body.data.file_id);
      }
      const p1 = await t.api().get('/api/v1/files').set(c.auth).expect(200);
      expect(p1.body.data).toHaveLength(30);
      expect(p1.body.data[0].file_id).toBe(ids[30]);
      expect(p1.body.data[0].created_at).toEqual(expect.any(Number));
      expect(Object.keys(p1.body.data[0]).sort()).toEqual(
        [...RECORD_KEYS, 'created_at', 'visit_count'].sort(),
      );
      const p2 = await t.api().get('/api/v1/files?page=2').set(c.auth).expect(200);
      expect(p2.body.data.map((f: { file_id: number }) => f.file_id)).toEqual([ids[0]]);
      const all = [...p1.body.data, ...p2.body.data].map((f: { file_id: number }) => f.file_id);
      expect(all).toEqual([...ids].reverse());
      const compat = await t.api().get('/api/v1/file/upload_history?page=2').set(c.auth);
      expect(compat.body).toEqual(p2.body);
      for (const page of ['0', '-1', 'x', '1.5']) {
        const res = await t.api().get(`/api/v1/files?page=${page}`).set(c.auth).expect(400);
        expect(res.body.error).toBe('validation_failed');
      }
      const usage = (await t.api().get('/api/v1/account').set(c.auth)).body.data.usage;
      expect(usage).toMatchObject({ files: 31, storage_bytes: 31 * png(1, 1).length });
    });

    it('should narrow and order the list as asked: name, kind, oldest or largest first', async () => {
      const c = await createAccount(t);
      const small = (await upload(png(1, 1), 'small.png', 'file', c).expect(200)).body.data;
      const big = (await upload(png(40, 40), 'big.png', 'file', c).expect(200)).body.data;
      const text = (await upload(Buffer.from('hello'), 'notes.txt', 'file', c).expect(200)).body
        .data;
      const ids = async (q: string) => {
        const res = await t.api().get(`/api/v1/files?${q}`).set(c.auth).expect(200);
        return (res.body.data as { file_id: number }[]).map((f) => f.file_id);
      };
      expect(await ids('sort=oldest')).toEqual([small.file_id, big.file_id, text.file_id]);
      expect(await ids('sort=largest&kind=image')).toEqual([big.file_id, small.file_id]);
      expect(await ids('q=notes')).toEqual([text.file_id]);
      for (const q of ['sort=visits', 'kind=pdf', `q=${'x'.repeat(201)}`]) {
        const res = await t.api().get(`/api/v1/files?${q}`).set(c.auth).expect(400);
        expect(res.body.error).toBe('validation_failed');
      }
      // The compat history keeps the older interface's one parameter.
      await t.api().get('/api/v1/file/upload_history?sort=oldest').set(c.auth).expect(400);
    });

    it("should not show another account's files", async () => {
      await upload(png(1, 1), 'mine.png', 'file', a).expect(200);
      const c = await createAccount(t);
      expect((await t.api().get('/api/v1/files').set(c.auth).expect(200)).body.data).toEqual([]);
    });

    it('should delete by hash once (GET or DELETE, no token), with its bytes and link', async () => {
      const { data } = (await upload(png(4, 4)).expect(200)).body;
      const before = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      const res = await t.api().get(`/api/v1/file/delete/${data.hash}`).expect(200);
      expect(res.body).toEqual({
        code: '200',
        message: 'success',
        success: true,
        data: { file_id: data.file_id, deleted: true },
      });
      await t.api().get(`/api/v1/file/delete/${data.hash}`).expect(404);
      await t.api().delete(`/api/v1/file/delete/${data.hash}`).expect(404);
      await t.api().get(`/u${data.path}`).expect(404);
      await t.api().get(localPath(data.page)).expect(404);
      expect((await t.storedFiles()).some((f) => f.endsWith(data.storename))).toBe(false);
      const after = (await t.api().get('/api/v1/account').set(a.auth)).body.data.usage;
      expect(after.files).toBe(before.files - 1);
      expect(after.storage_bytes).toBe(before.storage_bytes - data.size);
      await t.api().delete('/api/v1/file/delete/not-a-hash').expect(404);
    });

    it('should remove the bytes when the file is deleted through the links API', async () => {
      const { data } = (await upload(png(6, 6)).expect(200)).body;
      await t.api().delete(`/api/v1/links/${data.file_id}`).set(b.auth).expect(404);
      await t.api().delete(`/api/v1/links/${data.file_id}`).set(a.auth).expect(200);
      expect((await t.storedFiles()).some((f) => f.endsWith(data.storename))).toBe(false);
      await t.api().get(`/u${data.path}`).expect(404);
    });
  });
});
