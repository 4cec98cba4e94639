import { EventHistory } from '../../../src/outbox/event-history';
import { TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { appWithTwoAccounts } from '../../utils/suite';

describe('Links in bulk', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  appWithTwoAccounts({}, (s) => ({ t, a, b } = s));

  const bulk = (method: 'post' | 'patch' | 'delete', body: object, who = a) =>
    t.api()[method]('/api/v1/links/bulk').set(who.auth).send(body);

  const typesSince = async (n: number) =>
    (await t.app.get(EventHistory).list({ accountId: a.id }, 1, 500))
      .reverse()
      .slice(n)
      .map((e) => e.type);

  it('should create each link in the order sent, answering each in its place', async () => {
    const before = (await t.app.get(EventHistory).list({ accountId: a.id }, 1, 500)).length;
    const tag = await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'bulk' }).expect(201);
    const res = await bulk('post', {
      links: [
        {
          target_url: 'https://example.com/1',
          custom_slug: 'bulk-one',
          tag_ids: [tag.body.data.id],
        },
        { target_url: 'not a url' },
        { target_url: 'https://example.com/2', custom_slug: 'bulk-one' },
        { target_url: 'https://example.com/3', title: 'Three', custom_slug: '', domain: '' },
        { target_url: 'https://example.com/4', unknown_field: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const { results } = res.body.data;
    expect(results).toHaveLength(5);
    expect(results[0]).toMatchObject({
      ok: true,
      link: { slug: 'bulk-one', target_url: 'https://example.com/1', tags: [{ name: 'bulk' }] },
    });
    expect(results[1]).toMatchObject({ ok: false, error: 'validation_failed' });
    expect(results[1].message).toMatch(/target_url/);
    expect(results[2]).toEqual({
      ok: false,
      error: 'slug_taken',
      message: expect.stringContaining('bulk-one'),
    });
    expect(results[3]).toMatchObject({ ok: true, link: { title: 'Three' } });
    expect(results[4]).toMatchObject({ ok: false, error: 'validation_failed' });
    // One event per link made, none for the refused ones.
    expect(await typesSince(before)).toEqual(['link.created', 'link.created']);
  });

  it('should change and delete links by ids or by tag, each answered, others’ links as absent', async () => {
    const made = await bulk('post', {
      links: [1, 2, 3].map((i) => ({ target_url: `https://example.com/t${i}` })),
    }).expect(200);
    const ids = made.body.data.results.map((r: { link: { id: number } }) => r.link.id) as number[];
    const other = await bulk('post', { links: [{ target_url: 'https://b.example.com/' }] }, b);
    const theirs = other.body.data.results[0].link.id as number;
    const tag = await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'sale' }).expect(201);
    const tagId = tag.body.data.id as number;

    const changed = await bulk('patch', {
      ids: [...ids, theirs],
      set: { tag_ids: [tagId], title: 'Sale' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(changed.body.data.results[3]).toMatchObject({
      id: theirs,
      ok: false,
      error: 'not_found',
    });
    expect(changed.body.data.results[0]).toMatchObject({ id: ids[0], link: { title: 'Sale' } });

    const byTag = await bulk('patch', { tag_id: tagId, set: { title: 'Tagged' } }).expect(200);
    expect(byTag.body.data.results).toHaveLength(3);
    const before = (await t.app.get(EventHistory).list({ accountId: a.id }, 1, 500)).length;
    const deleted = await bulk('delete', { tag_id: tagId }).expect(200);
    expect(deleted.body.data.results.map((r: { id: number; ok: boolean }) => r.ok)).toEqual([
      true,
      true,
      true,
    ]);
    expect(await typesSince(before)).toEqual(['link.deleted', 'link.deleted', 'link.deleted']);
    await t.api().get(`/api/v1/links/${theirs}`).set(b.auth).expect(200);
  });

  it('should refuse bad input as a whole', async () => {
    for (const [method, body] of [
      ['post', {}],
      ['post', { links: [] }],
      ['post', { links: Array.from({ length: 101 }, () => ({ target_url: 'https://e.com/' })) }],
      ['post', { links: ['https://example.com/'] }],
      ['patch', { ids: [1], set: { title: 5 } }],
      ['patch', { set: { title: 'x' } }],
      ['patch', { ids: [1], tag_id: 2, set: {} }],
      ['patch', { ids: [1] }],
      ['delete', {}],
      ['delete', { ids: ['a'] }],
    ] as const) {
      const res = await bulk(method, body);
      expect([method, JSON.stringify(body).slice(0, 60), res.status, res.body.error]).toEqual([
        method,
        JSON.stringify(body).slice(0, 60),
        400,
        'validation_failed',
      ]);
    }
    await t
      .api()
      .post('/api/v1/links/bulk')
      .send({ links: [{}] })
      .expect(401);
  });
});
