import { DataSource } from 'typeorm';
import { countShares } from '../../../src/database/migrations/1763703100000-AccountRollups';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

describe('Text shares', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  appWithTwoAccounts({}, (s: Suite) => ({ t, a, b } = s));

  const { share, page, raw } = shareRequests(
    () => t,
    () => a,
  );

  describe('managing', () => {
    it('should update by domain and slug (PUT /text) and by id (PATCH /texts/:id)', async () => {
      const created = await share({ content: 'v1', text_type: 'plain_text', custom_slug: 'ed1' });
      await page('ed1').expect(200);
      const put = await t
        .api()
        .put('/api/v1/text')
        .set(a.auth)
        .send({ slug: 'ed1', content: 'v2 = 1', text_type: 'source_code', language: 'python' })
        .expect(200);
      expect(put.body).toEqual({ code: 200, message: 'success', data: null });
      const after = await t
        .api()
        .get(`/api/v1/texts/${idOf(created)}`)
        .set(a.auth)
        .expect(200);
      expect(after.body.data).toMatchObject({
        content: 'v2 = 1',
        text_type: 'source_code',
        language: 'python',
      });
      expect((await page('ed1')).text).toContain('<span class="hljs-number">1</span>');
      const patched = await t
        .api()
        .patch(`/api/v1/texts/${idOf(created)}`)
        .set(a.auth)
        .send({ title: 'Edited', text_type: 'markdown' })
        .expect(200);
      expect(patched.body.data).toMatchObject({
        title: 'Edited',
        text_type: 'markdown',
        language: null,
      });
      const big = await t
        .api()
        .patch(`/api/v1/texts/${idOf(created)}`)
        .set(a.auth)
        .send({ content: 'x'.repeat(2 * 1024 * 1024 + 1) });
      expect(big.status).toBe(413);
      expect((await raw('ed1')).body.toString()).toBe('v2 = 1');
    });

    it('should delete by domain and slug (DELETE /text) and by id', async () => {
      await share({ content: 'bye', text_type: 'plain_text', custom_slug: 'del-t' }).expect(200);
      await t.api().delete('/api/v1/text').set(a.auth).send({ slug: 'del-t' }).expect(200);
      await page('del-t').expect(404);
      const created = await share({ content: 'bye', text_type: 'plain_text' });
      await t
        .api()
        .delete(`/api/v1/texts/${idOf(created)}`)
        .set(a.auth)
        .expect(200);
      await t
        .api()
        .get(`/api/v1/texts/${idOf(created)}`)
        .set(a.auth)
        .expect(404);
    });

    it('should list texts newest first without content, filtered by type and tag', async () => {
      const c = await createAccount(t);
      const tag = (await t.api().post('/api/v1/tags').set(c.auth).send({ name: 'notes' })).body
        .data;
      await share({ content: 'a', text_type: 'plain_text', tag_ids: [tag.id] }, c);
      await share({ content: 'b = 1', text_type: 'source_code' }, c);
      await share({ content: '# c', text_type: 'markdown', tag_ids: [tag.id] }, c);
      await t.api().post('/api/v1/shorten').set(c.auth).send({ target_url: 'https://x.example' });
      const all = await t.api().get('/api/v1/texts').set(c.auth).expect(200);
      expect(all.body.data.map((x: { text_type: string }) => x.text_type)).toEqual([
        'markdown',
        'source_code',
        'plain_text',
      ]);
      expect(all.body.data[0]).not.toHaveProperty('content');
      const md = await t.api().get('/api/v1/texts?text_type=markdown').set(c.auth);
      expect(md.body.data).toHaveLength(1);
      const tagged = await t.api().get(`/api/v1/texts?tag_id=${tag.id}`).set(c.auth);
      expect(tagged.body.data).toHaveLength(2);
      await t.api().get('/api/v1/texts?text_type=poem').set(c.auth).expect(400);
      const oldest = await t.api().get('/api/v1/texts?sort=oldest').set(c.auth).expect(200);
      expect(oldest.body.data.map((x: { text_type: string }) => x.text_type)).toEqual([
        'plain_text',
        'source_code',
        'markdown',
      ]);
      const found = await t.api().get(`/api/v1/texts?q=${md.body.data[0].slug}`).set(c.auth);
      expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([md.body.data[0].id]);
      await t.api().get('/api/v1/texts?sort=largest').set(c.auth).expect(400);
      const usage = await t.api().get('/api/v1/account').set(c.auth);
      expect(usage.body.data.usage).toMatchObject({ texts: 3, links: 1 });
      // Kept as shares are made and deleted, and counted again as the migration counted them.
      await t.api().delete(`/api/v1/texts/${md.body.data[0].id}`).set(c.auth).expect(200);
      const kept = (await t.api().get('/api/v1/account').set(c.auth)).body.data.usage;
      expect(kept).toMatchObject({ texts: 2, links: 1 });
      const db = t.app.get(DataSource);
      await db.query('DELETE FROM account_share_counts');
      await countShares(db);
      expect((await t.api().get('/api/v1/account').set(c.auth)).body.data.usage).toEqual(kept);
    });

    it("should answer another account's text as if it did not exist", async () => {
      const created = await share({
        content: 'private',
        text_type: 'plain_text',
        custom_slug: 'priv-t',
      });
      await t
        .api()
        .get(`/api/v1/texts/${idOf(created)}`)
        .set(b.auth)
        .expect(404);
      await t
        .api()
        .patch(`/api/v1/texts/${idOf(created)}`)
        .set(b.auth)
        .send({ content: 'x' })
        .expect(404);
      await t
        .api()
        .delete(`/api/v1/texts/${idOf(created)}`)
        .set(b.auth)
        .expect(404);
      await t
        .api()
        .put('/api/v1/text')
        .set(b.auth)
        .send({ slug: 'priv-t', content: 'x' })
        .expect(404);
      await t.api().delete('/api/v1/text').set(b.auth).send({ slug: 'priv-t' }).expect(404);
      expect((await t.api().get('/api/v1/texts').set(b.auth)).body.data).toEqual([]);
      expect((await raw('priv-t')).body.toString()).toBe('private');
    });

    it('should keep texts and redirects apart in the kind-specific endpoints', async () => {
      const created = await share({
        content: 'txt',
        text_type: 'plain_text',
        custom_slug: 'kind-t',
      });
      await t
        .api()
        .put('/api/v1/shorten')
        .set(a.auth)
        .send({ slug: 'kind-t', target_url: 'https://evil.example' })
        .expect(404);
      const link = await t
        .api()
        .post('/api/v1/shorten')
        .set(a.auth)
        .send({ target_url: 'https://r.example' });
      await t
        .api()
        .get(`/api/v1/texts/${idOf(link)}`)
        .set(a.auth)
        .expect(404);
      await raw(link.body.data.slug).expect(404);
      const asLink = await t
        .api()
        .get(`/api/v1/links/${idOf(created)}`)
        .set(a.auth)
        .expect(200);
      expect(asLink.body.data.kind).toBe('text');
    });
  });
});
