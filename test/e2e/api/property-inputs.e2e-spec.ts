import fc from 'fast-check';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// Generated inputs through the whole service: a 4xx or the right answer, never a 500.
describe('Generated inputs', () => {
  let t: TestApp;
  let a: TestAccount;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
  });
  afterAll(() => t.close());

  const shorten = (body: Record<string, unknown>) =>
    t.api().post('/api/v1/shorten').set(a.auth).send(body);

  it('should take any custom slug the rule allows and refuse the rest with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'grapheme', maxLength: 70 }), async (slug) => {
        const res = await shorten({ target_url: 'https://example.com/p', custom_slug: slug });
        if (res.status === 200) {
          // "" is S.EE's "no custom slug": a random one.
          const made = slug === '' ? (res.body.data.slug as string) : slug;
          expect(res.body.data.slug).toBe(made);
          const visit = await t.api().get(`/${encodeURIComponent(made)}`);
          expect(visit.status).toBe(302);
        } else {
          expect([400, 409]).toContain(res.status);
          expect(res.body.code).toBe(res.status);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('should redirect to any web URL it accepts, in its normal form', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.webUrl({ withQueryParameters: true, withFragments: true }),
        async (url) => {
          const res = await shorten({ target_url: url });
          if (url.length > 2048) return expect(res.status).toBe(400);
          expect(res.status).toBe(200);
          const visit = await t.api().get(`/${res.body.data.slug}`).expect(302);
          expect(visit.headers.location).toBe(new URL(url).href);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('should answer any JSON value in any field with a 4xx or a link, never a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.constantFrom('target_url', 'custom_slug', 'domain', 'title', 'tag_ids', 'expire_at'),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        async (body) => {
          const res = await shorten(body);
          expect([200, 400, 409]).toContain(res.status);
        },
      ),
      { numRuns: 80 },
    );
  });
});
