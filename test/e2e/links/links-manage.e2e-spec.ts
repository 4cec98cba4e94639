import { TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { inSeconds, shareRequests, idOf } from '../../utils/requests';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

describe('Short links', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  appWithTwoAccounts({ SHORT_DOMAINS: 'localhost:3000,go.test' }, (s: Suite) => ({ t, a, b } = s));

  const { shorten, visit } = shareRequests(
    () => t,
    () => a,
  );

  describe('managing links', () => {
    it('should update by domain and slug (PUT /shorten) and serve the new target at once', async () => {
      await shorten({ target_url: 'https://old.example/', custom_slug: 'upd1' }).expect(200);
      await visit('upd1').expect(302);
      await visit('upd1').expect(302); // now cached
      const res = await t
        .api()
        .put('/api/v1/shorten')
        .set(a.auth)
        .send({ slug: 'upd1', target_url: 'https://new.example/', title: 'New' })
        .expect(200);
      // S.EE's answer: no data (PATCH /links/:id answers the link).
      expect(res.body).toEqual({ code: 200, message: 'success', data: null });
      expect((await visit('upd1')).headers.location).toBe('https://new.example/');
    });

    it('should delete by domain and slug (DELETE /shorten) and stop redirecting at once', async () => {
      await shorten({ target_url: 'https://gone.example/', custom_slug: 'del1' }).expect(200);
      await visit('del1').expect(302);
      await visit('del1').expect(302);
      const res = await t
        .api()
        .delete('/api/v1/shorten')
        .set(a.auth)
        .send({ slug: 'del1' })
        .expect(200);
      expect(res.body).toEqual({ code: 200, message: 'success', data: null });
      await visit('del1').expect(404);
      // The address is free again.
      await shorten({ target_url: 'https://again.example/', custom_slug: 'del1' }).expect(200);
      expect((await visit('del1')).headers.location).toBe('https://again.example/');
    });

    it('should update and delete by id (PATCH/DELETE /links/:id)', async () => {
      const id = idOf(await shorten({ target_url: 'https://p.example/', custom_slug: 'pat1' }));
      await visit('pat1').expect(302);
      await visit('pat1').expect(302);
      const patched = await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ target_url: 'https://q.example/', password: 'pw' })
        .expect(200);
      expect(patched.body.data).toMatchObject({
        target_url: 'https://q.example/',
        has_password: true,
      });
      await visit('pat1').expect(401); // now protected: the cached entry must be gone
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ password: null, title: null })
        .expect(200);
      expect((await visit('pat1')).headers.location).toBe('https://q.example/');
      await t.api().delete(`/api/v1/links/${id}`).set(a.auth).expect(200);
      await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(404);
      await visit('pat1').expect(404);
    });

    it('should refuse bad input on update', async () => {
      const id = idOf(await shorten({ target_url: 'https://r.example/' }));
      const res = await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ target_url: 'javascript:alert(1)', expire_at: inSeconds(-5) })
        .expect(400);
      expect(res.body.data.errors).toHaveProperty('target_url');
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ expire_at: inSeconds(-5) })
        .expect(400);
      await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ slug: 'x' }).expect(400);
    });

    it("should answer another account's link as if it did not exist", async () => {
      const id = idOf(await shorten({ target_url: 'https://mine.example/', custom_slug: 'mine1' }));
      await t.api().get(`/api/v1/links/${id}`).set(b.auth).expect(404);
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(b.auth)
        .send({ target_url: 'https://theirs.example/' })
        .expect(404);
      await t.api().delete(`/api/v1/links/${id}`).set(b.auth).expect(404);
      await t
        .api()
        .put('/api/v1/shorten')
        .set(b.auth)
        .send({ slug: 'mine1', target_url: 'https://theirs.example/' })
        .expect(404);
      await t.api().delete('/api/v1/shorten').set(b.auth).send({ slug: 'mine1' }).expect(404);
      expect((await visit('mine1')).headers.location).toBe('https://mine.example/');
      const list = await t.api().get('/api/v1/links?per_page=100').set(b.auth).expect(200);
      expect(list.body.data.map((l: { id: number }) => l.id)).not.toContain(id);
    });
  });
});
