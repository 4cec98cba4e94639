import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { HOST, idOf } from '../../utils/requests';
import { browserSession } from '../../utils/browser-session';

// A link's edit page, posted as a browser does: its options (LinkEditController), rules
// (LinkRulesPageController), split (LinkSplitPageController) and target checks.
describe("A link's rules on its edit page", () => {
  let t: TestApp;
  let a: TestAccount;
  let browser: Awaited<ReturnType<typeof browserSession>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    browser = await browserSession(t, a.id);
  });
  afterAll(() => t.close());

  let n = 0;
  const shorten = async (body: Record<string, unknown> = {}) => {
    const res = await t
      .api()
      .post('/api/v1/shorten')
      .set(a.auth)
      .send({ target_url: 'https://example.com/own', custom_slug: `page${++n}`, ...body })
      .expect(200);
    return idOf(res);
  };
  const rulesOf = async (id: number) =>
    (await t.api().get(`/api/v1/links/${id}/rules`).set(a.auth)).body.data.rules as {
      target_url: string;
    }[];

  it('should show every kind of rule in words, and the split, on the edit page', async () => {
    const id = await shorten();
    const rules = [
      { conditions: [{ type: 'device', value: 'mobile' }], target_url: 'https://example.com/1' },
      { conditions: [{ type: 'query', param: 'ref' }], target_url: 'https://example.com/2' },
      { conditions: [{ type: 'after', value: 1798761600 }], target_url: 'https://example.com/3' },
      {
        conditions: [
          { type: 'ip', value: '10.0.0.0/8' },
          { type: 'language', value: 'de' },
          { type: 'before', value: 1798761600 },
        ],
        target_url: 'https://example.com/4',
        variants: [
          { target_url: 'https://example.com/4a', weight: 1 },
          { target_url: 'https://example.com/4b', weight: 1 },
        ],
      },
    ];
    await t.api().put(`/api/v1/links/${id}/rules`).set(a.auth).send({ rules }).expect(200);
    const page = await browser.get(`/account/links/${id}/edit`).expect(200);
    expect(page.text).toContain('Device is mobile');
    expect(page.text).toContain('Query parameter ref is present');
    expect(page.text).toContain('After Jan 1, 2027');
    expect(page.text).toContain('a split of 2 URLs');
    expect(page.text).toContain('No split: every visitor');
    const zh = await browser.get(`/account/links/${id}/edit`).set('Accept-Language', 'zh-CN');
    expect(zh.status).toBe(200);
    expect(zh.text).toContain('跳转规则');
  });

  it('should add a rule from the form, move it up and delete one', async () => {
    const id = await shorten();
    await browser
      .post(`/account/links/${id}/rules`, {
        type_0: 'device',
        value_0: 'mobile',
        type_1: 'country',
        value_1: 'de',
        type_2: '',
        target_url: 'example.com/first',
      })
      .expect(303)
      .expect('Location', `/account/links/${id}/edit?saved=1#routing`);
    await browser
      .post(`/account/links/${id}/rules`, {
        type_0: 'after',
        value_0: '2027-01-01T00:00',
        target_url: 'https://example.com/second',
      })
      .expect(303);
    await browser
      .post(`/account/links/${id}/rules`, {
        type_0: 'query',
        param_0: 'ref',
        target_url: 'https://example.com/third',
      })
      .expect(303);
    const made = await t.api().get(`/api/v1/links/${id}/rules`).set(a.auth);
    expect(made.body.data.rules).toEqual([
      {
        conditions: [
          { type: 'device', value: 'mobile' },
          { type: 'country', value: 'DE' },
        ],
        target_url: 'https://example.com/first',
      },
      {
        conditions: [{ type: 'after', value: 1798761600 }],
        target_url: 'https://example.com/second',
      },
      { conditions: [{ type: 'query', param: 'ref' }], target_url: 'https://example.com/third' },
    ]);
    await browser.post(`/account/links/${id}/rules/3/up`).expect(303);
    expect((await rulesOf(id)).map((r) => r.target_url.slice(-5))).toEqual([
      'first',
      'third',
      'econd',
    ]);
    await browser.post(`/account/links/${id}/rules/1/delete`).expect(303);
    expect((await rulesOf(id)).map((r) => r.target_url.slice(-5))).toEqual(['third', 'econd']);
    const bad = await browser
      .post(`/account/links/${id}/rules`, {
        type_0: 'device',
        value_0: 'fridge',
        target_url: 'https://x.example',
      })
      .expect(400);
    expect(bad.text).toContain(
      'rules[2].conditions[0].value must be one of mobile, tablet, desktop',
    );
    expect(await rulesOf(id)).toHaveLength(2);
    expect((await browser.get(`/account/links/${id}/edit?saved=1`)).text).toContain('Saved');
  });

  it('should start a split from the long URL, pick its winner, and set one that picks itself', async () => {
    const id = await shorten();
    const goal = await shorten();
    await browser
      .post(`/account/links/${id}/variants`, { target_url: 'https://example.com/b', weight: '3' })
      .expect(303);
    const split = async () =>
      (await t.api().get(`/api/v1/links/${id}/variants`).set(a.auth)).body.data as {
        variants: unknown[];
        winner: unknown;
      };
    expect((await split()).variants).toEqual([
      { target_url: 'https://example.com/own', weight: 1 },
      { target_url: 'https://example.com/b', weight: 3 },
    ]);
    const page = await browser.get(`/account/links/${id}/edit`).expect(200);
    expect(page.text).toContain('75 %');
    await browser
      .post(`/account/links/${id}/variants/winner`, {
        after_visits: '50',
        goal: `http://${HOST}/page${n}`,
      })
      .expect(303);
    expect((await split()).winner).toEqual({ after_visits: 50, goal_link_id: goal });
    await browser
      .post(`/account/links/${id}/variants/winner`, { after_visits: '50', goal: 'nope!' })
      .expect(400);
    await browser.post(`/account/links/${id}/variants/2/win`).expect(303);
    const link = (await t.api().get(`/api/v1/links/${id}`).set(a.auth)).body.data;
    expect(link).toMatchObject({ target_url: 'https://example.com/b', variant_count: 0 });
    // Removing down to one variant ends the split.
    await browser
      .post(`/account/links/${id}/variants`, { target_url: 'https://example.com/c' })
      .expect(303);
    await browser.post(`/account/links/${id}/variants/1/delete`).expect(303);
    expect((await split()).variants).toEqual([]);
  });

  it('should save the query, UTM, limit and watch options, and list broken targets apart', async () => {
    const id = await shorten();
    await browser
      .post(`/account/links/${id}/edit`, {
        target_url: 'https://example.com/own',
        redirect_code: '302',
        forward_query: '1',
        utm_source: 'newsletter',
        utm_campaign: 'spring',
        max_visits: '10',
        watch_target: '1',
        fallback_url: 'https://example.com/sorry',
      })
      .expect(303);
    const link = (await t.api().get(`/api/v1/links/${id}`).set(a.auth)).body.data;
    expect(link).toMatchObject({
      forward_query: true,
      visitor_query_wins: false,
      utm: { source: 'newsletter', campaign: 'spring' },
      max_visits: 10,
      visits_left: 10,
      watch_target: true,
      fallback_url: 'https://example.com/sorry',
    });
    const page = await browser.get(`/account/links/${id}/edit`).expect(200);
    expect(page.text).toContain('utm_source=newsletter');
    expect(page.text).toContain('10 visits left');
    expect(page.text).toContain('Not checked yet.');
    const list = await browser.get('/account/links').expect(200);
    expect(list.text).toContain('10 visits left');
    const broken = await browser.get('/account/links?health=broken').expect(200);
    expect(broken.text).toContain('No link matches.');
  });

  it("should switch the account's watching of every target from the links page", async () => {
    const account = async () =>
      (await t.api().get('/api/v1/account').set(a.auth)).body.data as { watch_targets: boolean };
    await browser.post('/account/links/watch', { watch_targets: '1' }).expect(303);
    expect((await account()).watch_targets).toBe(true);
    const page = await browser.get('/account/links').expect(200);
    expect(page.text).toMatch(/name="watch_targets" value="1" checked/);
    await browser.post('/account/links/watch').expect(303);
    expect((await account()).watch_targets).toBe(false);
  });

  it('should show visits by variant and by UTM value on the stats page', async () => {
    const id = await shorten({ utm_source: 'newsletter' });
    await t
      .api()
      .put(`/api/v1/links/${id}/variants`)
      .set(a.auth)
      .send({
        variants: [
          { target_url: 'https://example.com/a', weight: 1 },
          { target_url: 'https://example.com/b', weight: 1 },
        ],
      })
      .expect(200);
    await t.api().get(`/page${n}`).set('Host', HOST).expect(302);
    await t.app.get(VisitRecorder).flush();
    const page = await browser.get(`/account/analytics/${id}`).expect(200);
    expect(page.text).toContain('A/B variants');
    expect(page.text).toContain('UTM sources');
    expect(page.text).toContain('newsletter');
    expect(page.text).not.toContain('UTM campaigns');
  });
});
