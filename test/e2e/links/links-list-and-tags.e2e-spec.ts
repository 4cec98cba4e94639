import { DataSource } from 'typeorm';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { LinkListsRepository } from '../../../src/links/link-lists.repository';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { shareRequests, idOf } from '../../utils/requests';
import { appWithTwoAccounts, Suite } from '../../utils/suite';

describe('Short links', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;

  appWithTwoAccounts({ SHORT_DOMAINS: 'localhost:3000,go.test' }, (s: Suite) => ({ t, a, b } = s));

  const { shorten, share } = shareRequests(
    () => t,
    () => a,
  );

  describe('listing', () => {
    let c: TestAccount;
    let tagId: number;
    beforeAll(async () => {
      c = await createAccount(t);
      tagId = (await t.api().post('/api/v1/tags').set(c.auth).send({ name: 'work' })).body.data.id;
      for (let i = 1; i <= 5; i++) {
        await shorten(
          {
            target_url: `https://list.example/${i}`,
            title: i === 3 ? 'The 100% third_one' : `Link ${i}`,
            tag_ids: i % 2 ? [tagId] : [],
            ...(i === 5 ? { domain: 'go.test' } : {}),
          },
          c,
        ).expect(200);
      }
    });
    const list = (query: string) => t.api().get(`/api/v1/links?${query}`).set(c.auth);
    /** The links a search of `who`'s finds. */
    const search = async (q: string, who: TestAccount) => {
      const res = await t
        .api()
        .get(`/api/v1/links?q=${encodeURIComponent(q)}`)
        .set(who.auth);
      expect(res.status).toBe(200);
      return (res.body as { data: { title: string; slug: string }[] }).data;
    };

    it('should list newest first, paged', async () => {
      const all = await list('').expect(200);
      const targets = all.body.data.map((l: { target_url: string }) => l.target_url);
      expect(targets).toEqual([5, 4, 3, 2, 1].map((i) => `https://list.example/${i}`));
      const page2 = await list('per_page=2&page=2').expect(200);
      expect(page2.body.data.map((l: { target_url: string }) => l.target_url)).toEqual([
        'https://list.example/3',
        'https://list.example/2',
      ]);
      expect((await list('page=9').expect(200)).body.data).toEqual([]);
    });

    it('should page by the last id seen, newest or oldest first', async () => {
      const ids = async (q: string) =>
        ((await list(q).expect(200)).body.data as { id: number }[]).map((l) => l.id);
      const all = await ids('');
      expect(await ids(`per_page=2&after=${all[1]}`)).toEqual(all.slice(2, 4));
      expect(await ids(`per_page=2&after=${all[1]}&page=7`)).toEqual(all.slice(2, 4));
      expect(await ids(`sort=oldest&after=${all[3]}`)).toEqual(all.slice(0, 3).reverse());
      expect(await ids(`after=${all[4]}`)).toEqual([]);
      const refused = await list(`sort=visits&after=${all[0]}`).expect(400);
      expect(refused.body.message).toContain('after');
      await list('after=0').expect(400);
    });

    it('should filter by tag, domain, kind and search text', async () => {
      expect((await list(`tag_id=${tagId}`)).body.data).toHaveLength(3);
      expect((await list('domain=go.test')).body.data).toHaveLength(1);
      expect((await list('kind=redirect')).body.data).toHaveLength(5);
      expect((await list('kind=text')).body.data).toHaveLength(0);
      const found = await list(`q=${encodeURIComponent('100% THIRD_')}`).expect(200);
      expect(found.body.data.map((l: { title: string }) => l.title)).toEqual([
        'The 100% third_one',
      ]);
      expect((await list('q=list.example/4')).body.data).toHaveLength(1);
      // Words of titles and target URLs, any case, and words they start: not a LIKE pattern.
      const titles = async (q: string) =>
        ((await list(`q=${encodeURIComponent(q)}`).expect(200)).body.data as { title: string }[])
          .map((l) => l.title)
          .sort();
      expect(await titles('LINK 2')).toEqual(['Link 2']);
      expect(await titles('thi')).toEqual(['The 100% third_one']);
      expect(await titles('link')).toEqual(['Link 1', 'Link 2', 'Link 4', 'Link 5']);
      expect(await titles('%')).toEqual([]);
      // Quotes, stars and the like are not the full-text index's syntax.
      expect(await titles('"link*')).toEqual(['Link 1', 'Link 2', 'Link 4', 'Link 5']);
    });

    it("should search a link's new words after an edit, short words too, and only the account's", async () => {
      const d = await createAccount(t);
      const id = idOf(
        await shorten({ target_url: 'https://edit.example/', title: 'Old harbor' }, d).expect(200),
      );
      const titles = async (q: string, who = d) => (await search(q, who)).map((l) => l.title);
      expect(await titles('harbor')).toEqual(['Old harbor']);
      await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(d.auth)
        .send({ title: 'Go to the new pier' })
        .expect(200);
      expect(await titles('harbor')).toEqual([]);
      // Two-letter words and stop words are found on MySQL too (its index holds them prefixed).
      expect(await titles('go to the')).toEqual(['Go to the new pier']);
      expect(await titles('pier', c)).toEqual([]);
      await t.api().delete(`/api/v1/links/${id}`).set(d.auth).expect(200);
      expect(await titles('pier')).toEqual([]);
      // Nothing of the deleted link is left in the index.
      const db = t.app.get(DataSource);
      const column = db.options.type === 'mysql' ? 'link_id' : 'rowid';
      const [{ n }] = await db.query<{ n: number | string }[]>(
        `SELECT COUNT(*) AS n FROM links_search WHERE ${column} = ?`,
        [id],
      );
      expect(Number(n)).toBe(0);
    });

    it('should find the same links whether MySQL reads the newest links first or the index', async () => {
      const e = await createAccount(t);
      for (let i = 1; i <= 8; i++) {
        const title = `Trail ${i} ${i % 2 ? 'odd' : 'even'}${i === 1 ? ' lonely' : ''}`;
        const slug = i === 2 ? { custom_slug: 'trailhead' } : {};
        await shorten({ target_url: `https://trail.example/${i}`, title, ...slug }, e).expect(200);
      }
      const numbers = async (query: string) => {
        const res = await t.api().get(`/api/v1/links?per_page=2&${query}`).set(e.auth).expect(200);
        return (res.body.data as { title: string }[]).map((l) => Number(l.title.split(' ')[1]));
      };
      const expected: Record<string, number[]> = {
        'q=trail': [8, 7],
        'q=trail&page=2': [6, 5],
        'q=trail&page=4': [2, 1],
        'q=tra': [8, 7],
        'q=odd': [7, 5],
        'q=odd&sort=oldest': [1, 3],
        'q=even&sort=visits': [8, 6],
        // In the oldest link only: past the links read first, so the index answers.
        'q=lonely': [1],
        'q=odd+trail+lonely': [1],
        'q=trailh': [2],
      };
      // On MySQL the newest links are read first, two then four here: past them, or when the
      // first two promise less than a page, the index answers. SQLite has its index.
      const lists = t.app.get(LinkListsRepository);
      const probe = lists.probe;
      try {
        for (const p of [{ first: 2, most: 4 }, { first: 3, most: 3 }, probe]) {
          lists.probe = p;
          for (const [query, want] of Object.entries(expected)) {
            expect([query, await numbers(query)]).toEqual([query, want]);
          }
        }
      } finally {
        lists.probe = probe;
      }
    });

    it('should find the slugs that start with the text', async () => {
      const d = await createAccount(t);
      await shorten({ target_url: 'https://slugs.example/', custom_slug: 'Prefix-one' }, d).expect(
        200,
      );
      await shorten({ target_url: 'https://slugs.example/', custom_slug: 'prefix-two' }, d).expect(
        200,
      );
      const slugs = async (q: string) => (await search(q, d)).map((l) => l.slug).sort();
      expect(await slugs('Prefix-')).toEqual(['Prefix-one']);
      expect(await slugs('prefix-t')).toEqual(['prefix-two']);
      // Another account's slugs are not searched.
      expect(
        (await t.api().get('/api/v1/links?q=Prefix').set(a.auth).expect(200)).body.data,
      ).toEqual([]);
    });

    it('should order by sort: oldest first, or most visited first', async () => {
      const targets = async (q: string) => {
        const links = (await list(q).expect(200)).body.data as { target_url: string }[];
        return links.map((l) => Number(l.target_url.slice(l.target_url.lastIndexOf('/') + 1)));
      };
      expect(await targets('sort=oldest')).toEqual([1, 2, 3, 4, 5]);
      expect(await targets('sort=newest&per_page=2')).toEqual([5, 4]);
      const slugOf = async (i: number) =>
        (await list(`q=list.example/${i}`)).body.data[0] as { id: number; slug: string };
      // Link 2 visited twice, link 4 once (link 5 lives on go.test).
      for (const i of [2, 2, 4])
        await t
          .api()
          .get(`/${(await slugOf(i)).slug}`)
          .expect(302);
      await t.app.get(VisitRecorder).flush();
      expect(await targets('sort=visits')).toEqual([2, 4, 5, 3, 1]);
    });

    it('should order one kind by visits, whether it reads the kind apart or walks the visits', async () => {
      const texts: number[] = [];
      for (const content of ['one', 'two', 'three'])
        texts.push(idOf(await share({ content, title: content }, c).expect(200)));
      // Three texts among the account's links: SQLite sorts them apart (few of the kind); the
      // links, most of the account, are found walking the visits order. Both must order alike.
      const db = t.app.get(DataSource);
      for (const [i, clicks] of [
        [0, 5],
        [1, 9],
        [2, 5],
      ])
        await db.query('UPDATE links SET clicks = ? WHERE id = ?', [clicks, texts[i]]);
      const ids = async (q: string) =>
        ((await list(q).expect(200)).body.data as { id: number }[]).map((l) => l.id);
      expect(await ids('kind=text&sort=visits')).toEqual([texts[1], texts[2], texts[0]]);
      expect(await ids('kind=text&sort=visits&per_page=1&page=2')).toEqual([texts[2]]);
      const links = await ids('kind=redirect&sort=visits');
      expect(links).toHaveLength(5);
      expect(links.some((id) => texts.includes(id))).toBe(false);
    });

    it('should refuse bad paging and filters', async () => {
      for (const q of [
        'page=0',
        'page=x',
        'per_page=1000',
        'kind=nope',
        'tag_id=-1',
        'foo=1',
        'sort=random',
      ]) {
        const res = await list(q);
        expect(res.status).toBe(400);
        expect(res.body.error).toBe('validation_failed');
      }
    });
  });

  describe('tags', () => {
    it('should create, list, rename and delete tags; names unique per account', async () => {
      const created = await t.api().post('/api/v1/tags').set(a.auth).send({ name: ' news ' });
      expect(created.status).toBe(201);
      expect(created.body.data.name).toBe('news');
      const dup = await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'news' });
      expect(dup.status).toBe(409);
      expect(dup.body.error).toBe('conflict');
      await t.api().post('/api/v1/tags').set(b.auth).send({ name: 'news' }).expect(201);

      const renamed = await t
        .api()
        .patch(`/api/v1/tags/${created.body.data.id}`)
        .set(a.auth)
        .send({ name: 'press' })
        .expect(200);
      expect(renamed.body.data.name).toBe('press');
      const list = await t.api().get('/api/v1/tags').set(a.auth).expect(200);
      expect(list.body.data.tags.map((x: { name: string }) => x.name)).toContain('press');
      expect(Object.keys(list.body.data)).toEqual(['tags']);
      await t.api().post('/api/v1/tags').set(a.auth).send({ name: '' }).expect(400);
    });

    it('should unlink a deleted tag from its links', async () => {
      const tag = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'temp' })).body.data;
      const id = idOf(await shorten({ target_url: 'https://t.example/', tag_ids: [tag.id] }));
      await t.api().delete(`/api/v1/tags/${tag.id}`).set(a.auth).expect(200);
      const link = await t.api().get(`/api/v1/links/${id}`).set(a.auth).expect(200);
      expect(link.body.data.tags).toEqual([]);
    });

    it('should replace tags on update', async () => {
      const x = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'x1' })).body.data;
      const y = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'y1' })).body.data;
      const id = idOf(await shorten({ target_url: 'https://u.example/', tag_ids: [x.id] }));
      const res = await t
        .api()
        .patch(`/api/v1/links/${id}`)
        .set(a.auth)
        .send({ tag_ids: [y.id] })
        .expect(200);
      expect(res.body.data.tags.map((z: { name: string }) => z.name)).toEqual(['y1']);
    });

    it("should answer another account's tag as not found", async () => {
      const tag = (await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'private' })).body
        .data;
      await t
        .api()
        .patch(`/api/v1/tags/${tag.id}`)
        .set(b.auth)
        .send({ name: 'stolen' })
        .expect(404);
      await t.api().delete(`/api/v1/tags/${tag.id}`).set(b.auth).expect(404);
      const list = await t.api().get('/api/v1/tags').set(b.auth).expect(200);
      expect(list.body.data.tags.map((x: { name: string }) => x.name)).not.toContain('private');
    });
  });
});
