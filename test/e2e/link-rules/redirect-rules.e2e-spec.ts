import { FastRedirectPath } from '../../../src/links/resolve/fast-redirect-path';
import { appWithTwoAccounts } from '../../utils/suite';
import type { TestApp } from '../../utils/create-test-app';
import type { TestAccount } from '../../factories/account.factory';
import { HOST, idOf } from '../../utils/requests';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0';
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const UBUNTU_FIREFOX =
  'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROMEBOOK =
  'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const OWN = 'https://example.com/own';
const to = (n: number | string) => `https://example.com/rule-${n}`;
type Condition = { type: string; value?: string | number; param?: string };
const rule = (target: number | string, ...conditions: Condition[]) => ({
  conditions,
  target_url: to(target),
});

describe('Redirect rules', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  // Behind a trusted proxy: the client's address and country come from its headers.
  appWithTwoAccounts({ TRUST_PROXY: 'true' }, (s) => ({ t, a, b } = s));
  afterEach(() => t.clock.reset());

  let n = 0;
  const link = async (rules: ReturnType<typeof rule>[], extra: Record<string, unknown> = {}) => {
    const slug = `rules${++n}`;
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: OWN, custom_slug: slug, ...extra })
      .expect(200);
    const id = idOf(res);
    if (rules.length) {
      await t.api().put(`/api/v1/links/${id}/rules`).set(a.auth).send({ rules }).expect(200);
    }
    return { id, slug };
  };
  /** Where a visit goes; twice, so that the cached (fast) path answers the second. */
  const where = async (slug: string, headers: Record<string, string> = {}, query = '') => {
    const seen: string[] = [];
    for (let i = 0; i < 2; i++) {
      const req = t.api().get(`/${slug}${query}`).set('Host', HOST);
      for (const [k, v] of Object.entries(headers)) req.set(k, v);
      const res = await req.expect(302);
      seen.push(res.headers.location);
    }
    expect(seen[1]).toBe(seen[0]);
    return seen[0];
  };
  const ua = (agent: string) => ({ 'User-Agent': agent });

  it('should keep the rules as given, made canonical, and answer them back', async () => {
    const { id } = await link([]);
    expect(
      (await t.api().get(`/api/v1/links/${id}/rules`).set(a.auth).expect(200)).body.data,
    ).toEqual({ rules: [] });
    const rules = [
      {
        conditions: [
          { type: 'device', value: 'Mobile' },
          { type: 'country', value: 'de' },
          { type: 'query', param: 'ref' },
          { type: 'browser', value: 'Mobile Safari' },
        ],
        target_url: 'https://example.com/x',
      },
    ];
    const put = await t
      .api()
      .put(`/api/v1/links/${id}/rules`)
      .set(a.auth)
      .send({ rules })
      .expect(200);
    const canonical = {
      rules: [
        {
          conditions: [
            { type: 'device', value: 'mobile' },
            { type: 'country', value: 'DE' },
            { type: 'query', param: 'ref' },
            { type: 'browser', value: 'safari' },
          ],
          target_url: 'https://example.com/x',
        },
      ],
    };
    expect(put.body.data).toEqual(canonical);
    expect(
      (await t.api().get(`/api/v1/links/${id}/rules`).set(a.auth).expect(200)).body.data,
    ).toEqual(canonical);
  });

  it.each([
    [{ type: 'planet', value: 'mars' }, 'rules[0].conditions[0].type'],
    [{ type: 'device', value: 'fridge' }, 'rules[0].conditions[0].value'],
    [{ type: 'os', value: 'beos' }, 'rules[0].conditions[0].value'],
    [{ type: 'country', value: 'DEU' }, 'rules[0].conditions[0].value'],
    [{ type: 'language', value: 'english!' }, 'rules[0].conditions[0].value'],
    [{ type: 'query', value: 'x' }, 'rules[0].conditions[0].param'],
    [{ type: 'before', value: 'tomorrow' }, 'rules[0].conditions[0].value'],
    [{ type: 'ip', value: '10.0.0.0/33' }, 'rules[0].conditions[0].value'],
    [{ type: 'ip', value: 'localhost' }, 'rules[0].conditions[0].value'],
    [{ type: 'device', value: 'mobile', param: 'x' }, 'rules[0].conditions[0].param'],
    [{ type: 'device', value: 'mobile', extra: 1 }, 'rules[0].conditions[0].extra'],
  ])('should refuse the condition %j, naming %s', async (condition, field) => {
    const { id } = await link([]);
    const res = await t
      .api()
      .put(`/api/v1/links/${id}/rules`)
      .set(a.auth)
      .send({ rules: [{ conditions: [condition], target_url: to(1) }] })
      .expect(400);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.data.errors)).toEqual([field]);
  });

  it('should refuse too many rules or conditions, no conditions, and bad targets', async () => {
    const { id } = await link([]);
    const put = (rules: unknown) =>
      t.api().put(`/api/v1/links/${id}/rules`).set(a.auth).send({ rules });
    const device = { type: 'device', value: 'mobile' };
    await put(Array.from({ length: 21 }, () => rule(1, device))).expect(400);
    await put([{ conditions: Array.from({ length: 11 }, () => device), target_url: to(1) }]).expect(
      400,
    );
    await put([{ conditions: [], target_url: to(1) }]).expect(400);
    await put([{ conditions: [device], target_url: 'javascript:alert(1)' }]).expect(400);
    await put('nope').expect(400);
    // Twenty rules of ten conditions are fine; nothing was kept of the refused ones.
    await put(
      Array.from({ length: 20 }, () => ({ conditions: Array(10).fill(device), target_url: to(1) })),
    ).expect(200);
    expect((await t.api().get(`/api/v1/links/${id}`).set(a.auth)).body.data.target_url).toBe(OWN);
  });

  it("should answer another account's link, and a text's rules, as they should", async () => {
    const { id } = await link([]);
    await t.api().get(`/api/v1/links/${id}/rules`).set(b.auth).expect(404);
    await t.api().put(`/api/v1/links/${id}/rules`).set(b.auth).send({ rules: [] }).expect(404);
    const text = await t.api().post('/api/v1/text').set(a.auth).send({ content: 'hi' }).expect(200);
    await t
      .api()
      .put(`/api/v1/links/${idOf(text)}/rules`)
      .set(a.auth)
      .send({ rules: [] })
      .expect(400);
    await t.api().get('/api/v1/links/99999999/rules').set(a.auth).expect(404);
  });

  it('should route by device type', async () => {
    const { slug } = await link([
      rule('mobile', { type: 'device', value: 'mobile' }),
      rule('tablet', { type: 'device', value: 'tablet' }),
      rule('desktop', { type: 'device', value: 'desktop' }),
    ]);
    expect(await where(slug, ua(IPHONE))).toBe(to('mobile'));
    expect(await where(slug, ua(IPAD))).toBe(to('tablet'));
    expect(await where(slug, ua(LINUX_FIREFOX))).toBe(to('desktop'));
  });

  it('should route by operating system', async () => {
    const oses = ['ios', 'android', 'windows', 'macos', 'linux', 'chromeos'];
    const { slug } = await link(oses.map((os) => rule(os, { type: 'os', value: os })));
    expect(await where(slug, ua(IPHONE))).toBe(to('ios'));
    expect(await where(slug, ua(IPAD))).toBe(to('ios'));
    expect(await where(slug, ua(ANDROID))).toBe(to('android'));
    expect(await where(slug, ua(WINDOWS_EDGE))).toBe(to('windows'));
    expect(await where(slug, ua(MAC_SAFARI))).toBe(to('macos'));
    expect(await where(slug, ua(LINUX_FIREFOX))).toBe(to('linux'));
    expect(await where(slug, ua(UBUNTU_FIREFOX))).toBe(to('linux'));
    expect(await where(slug, ua(CHROMEBOOK))).toBe(to('chromeos'));
    expect(await where(slug, ua('curl/8.0'))).toBe(OWN);
  });

  it('should route by browser', async () => {
    const { slug } = await link([
      rule('firefox', { type: 'browser', value: 'firefox' }),
      rule('edge', { type: 'browser', value: 'Edge' }),
      rule('safari', { type: 'browser', value: 'safari' }),
      rule('chrome', { type: 'browser', value: 'chrome' }),
    ]);
    expect(await where(slug, ua(LINUX_FIREFOX))).toBe(to('firefox'));
    expect(await where(slug, ua(WINDOWS_EDGE))).toBe(to('edge'));
    expect(await where(slug, ua(IPHONE))).toBe(to('safari'));
    expect(await where(slug, ua(ANDROID))).toBe(to('chrome'));
  });

  it('should route by country, from a trusted proxy or from the address', async () => {
    const { slug } = await link([
      rule('de', { type: 'country', value: 'DE' }),
      rule('us', { type: 'country', value: 'US' }),
    ]);
    expect(await where(slug, { 'CF-IPCountry': 'DE' })).toBe(to('de'));
    // The bundled country database (8.8.8.8 is Google's, in the US).
    expect(await where(slug, { 'X-Forwarded-For': '8.8.8.8' })).toBe(to('us'));
    expect(await where(slug, { 'X-Forwarded-For': '10.1.2.3' })).toBe(OWN);
  });

  it("should route by the visitor's preferred languages, a language matching its regions", async () => {
    const { slug } = await link([
      rule('en', { type: 'language', value: 'en' }),
      rule('fr', { type: 'language', value: 'fr' }),
      rule('pt-br', { type: 'language', value: 'pt-BR' }),
    ]);
    expect(await where(slug, { 'Accept-Language': 'en-GB,en;q=0.9' })).toBe(to('en'));
    // English is accepted, but French preferred: the French rule, though it comes later.
    expect(await where(slug, { 'Accept-Language': 'fr-CH, en;q=0.5' })).toBe(to('fr'));
    expect(await where(slug, { 'Accept-Language': 'de;q=0.9, fr;q=0.9, en;q=0.1' })).toBe(to('fr'));
    expect(await where(slug, { 'Accept-Language': 'pt-br' })).toBe(to('pt-br'));
    expect(await where(slug, { 'Accept-Language': 'pt-PT' })).toBe(OWN);
    expect(await where(slug, { 'Accept-Language': 'en;q=0, de' })).toBe(OWN);
    expect(await where(slug)).toBe(OWN);
  });

  it('should route by query parameter: present, equal to a value', async () => {
    const { slug } = await link([
      rule('vip', { type: 'query', param: 'ref', value: 'vip' }),
      rule('any-ref', { type: 'query', param: 'ref' }),
    ]);
    expect(await where(slug, {}, '?ref=vip')).toBe(to('vip'));
    expect(await where(slug, {}, '?ref=news&x=1')).toBe(to('any-ref'));
    expect(await where(slug, {}, '?ref=')).toBe(to('any-ref'));
    expect(await where(slug, {}, '?other=vip')).toBe(OWN);
  });

  it('should route by time: before and after', async () => {
    const now = Math.floor(Date.now() / 1000);
    const { slug } = await link([
      rule('early', { type: 'before', value: now + 3600 }),
      rule('late', { type: 'after', value: now + 7200 }),
    ]);
    expect(await where(slug)).toBe(to('early'));
    t.clock.advance(5400_000);
    expect(await where(slug)).toBe(OWN);
    t.clock.advance(3600_000);
    expect(await where(slug)).toBe(to('late'));
  });

  it('should route by IP range, IPv4 and IPv6', async () => {
    const { slug } = await link([
      rule('office', { type: 'ip', value: '203.0.113.0/24' }),
      rule('host', { type: 'ip', value: '198.51.100.7' }),
      rule('v6', { type: 'ip', value: '2001:db8::/32' }),
    ]);
    expect(await where(slug, { 'X-Forwarded-For': '203.0.113.77' })).toBe(to('office'));
    expect(await where(slug, { 'X-Forwarded-For': '198.51.100.7' })).toBe(to('host'));
    expect(await where(slug, { 'X-Forwarded-For': '198.51.100.8' })).toBe(OWN);
    expect(await where(slug, { 'X-Forwarded-For': '2001:db8:1::5' })).toBe(to('v6'));
    expect(await where(slug, { 'X-Forwarded-For': '2001:db9::5' })).toBe(OWN);
  });

  it('should need every condition of a rule, and let the first matching rule decide', async () => {
    const { slug } = await link([
      rule('ios-de', { type: 'os', value: 'ios' }, { type: 'country', value: 'DE' }),
      rule('ios', { type: 'os', value: 'ios' }),
      rule('never', { type: 'os', value: 'ios' }, { type: 'country', value: 'DE' }),
    ]);
    expect(await where(slug, { ...ua(IPHONE), 'CF-IPCountry': 'DE' })).toBe(to('ios-de'));
    expect(await where(slug, { ...ua(IPHONE), 'CF-IPCountry': 'FR' })).toBe(to('ios'));
    expect(await where(slug, { ...ua(ANDROID), 'CF-IPCountry': 'DE' })).toBe(OWN);
  });

  it('should answer rule-bound visits on the fast path, and say what the answer varies with', async () => {
    const fast = t.app.get(FastRedirectPath);
    const { slug } = await link([rule('mobile', { type: 'device', value: 'mobile' })]);
    const first = await t
      .api()
      .get(`/${slug}`)
      .set('Host', HOST)
      .set('User-Agent', IPHONE)
      .expect(302);
    expect(first.headers.vary).toBe('User-Agent');
    expect(first.headers['cache-control']).toBe('private, no-store, max-age=0');
    const before = fast.hits;
    const phone = await t
      .api()
      .get(`/${slug}`)
      .set('Host', HOST)
      .set('User-Agent', IPHONE)
      .expect(302);
    const desk = await t
      .api()
      .get(`/${slug}`)
      .set('Host', HOST)
      .set('User-Agent', LINUX_FIREFOX)
      .expect(302);
    expect(fast.hits - before).toBe(2);
    expect([phone.headers.location, desk.headers.location]).toEqual([to('mobile'), OWN]);
    expect(phone.headers.vary).toBe('User-Agent');
    const lang = await link([
      rule('en', { type: 'language', value: 'en' }),
      rule('m', { type: 'device', value: 'mobile' }),
    ]);
    expect((await t.api().get(`/${lang.slug}`).set('Host', HOST)).headers.vary).toBe(
      'User-Agent, Accept-Language',
    );
    const geo = await link([rule('de', { type: 'country', value: 'DE' })]);
    expect((await t.api().get(`/${geo.slug}`).set('Host', HOST)).headers.vary).toBe('*');
    const plain = await link([]);
    expect((await t.api().get(`/${plain.slug}`).set('Host', HOST)).headers.vary).toBeUndefined();
  });

  it('should drop the cached redirect when its rules change, and show the rules in the link', async () => {
    const { id, slug } = await link([]);
    expect(await where(slug, ua(IPHONE))).toBe(OWN);
    const rules = [rule('mobile', { type: 'device', value: 'mobile' })];
    await t.api().put(`/api/v1/links/${id}/rules`).set(a.auth).send({ rules }).expect(200);
    expect(await where(slug, ua(IPHONE))).toBe(to('mobile'));
    await t.api().put(`/api/v1/links/${id}/rules`).set(a.auth).send({ rules: [] }).expect(200);
    expect(await where(slug, ua(IPHONE))).toBe(OWN);
  });
});
