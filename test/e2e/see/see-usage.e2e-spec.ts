import { validateEnv } from '../../../src/config/validate-env';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

const FIELDS = [
  'api_count_day',
  'api_count_day_limit',
  'api_count_month',
  'api_count_month_limit',
  'file_count',
  'link_count_day',
  'link_count_day_limit',
  'link_count_month',
  'link_count_month_limit',
  'qrcode_count_day',
  'qrcode_count_day_limit',
  'qrcode_count_month',
  'qrcode_count_month_limit',
  'storage_usage_limit_mb',
  'storage_usage_mb',
  'text_count_day',
  'text_count_day_limit',
  'text_count_month',
  'text_count_month_limit',
  'upload_count_day',
  'upload_count_day_limit',
  'upload_count_month',
  'upload_count_month_limit',
];

type UsageBody = { code: number; message: string; data: Record<string, number | string> };

// S.EE's GET /usage (sdotee/sdk.ts UsageData) with real counters and plan limits.
describe('S.EE usage and plan limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      PLAN_FREE_USAGE_LIMITS: 'link_day=2,text_month=1,upload_day=1,api_day=25',
    });
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  const usage = async (a: TestAccount): Promise<UsageBody> => {
    const res = await t.api().get('/api/v1/usage').set('Authorization', a.token).expect(200);
    return res.body as UsageBody;
  };
  const shorten = (a: TestAccount) =>
    t.api().post('/api/v1/shorten').set(a.auth).send({ target_url: 'https://example.com/' });

  it('should answer all 23 fields, counts and limits as integers, storage as text', async () => {
    const a = await createAccount(t);
    const body = await usage(a);
    expect(body).toMatchObject({ code: 200, message: expect.any(String) });
    expect(Object.keys(body.data).sort()).toEqual(FIELDS);
    for (const f of FIELDS.filter((k) => !k.startsWith('storage'))) {
      expect(Number.isInteger(body.data[f])).toBe(true);
    }
    expect(body.data).toMatchObject({
      link_count_day: 0,
      link_count_day_limit: 2,
      link_count_month_limit: -1,
      text_count_month_limit: 1,
      upload_count_day_limit: 1,
      api_count_day_limit: 25,
      qrcode_count_day_limit: -1,
      file_count: 0,
      storage_usage_mb: '0.00',
      storage_usage_limit_mb: '1024.00',
    });
  });

  it('should count links by day and month and refuse the one past the limit with 429', async () => {
    const a = await createAccount(t);
    await shorten(a).expect(200);
    await shorten(a).expect(200);
    const refused = await shorten(a).expect(429);
    expect(refused.body).toMatchObject({ code: 429, error: 'plan_limit' });
    expect(refused.body.message).toMatch(/2 links a day/);
    const links = await t.api().get('/api/v1/links').set(a.auth).expect(200);
    expect(links.body.data).toHaveLength(2); // the refused one left nothing behind
    expect((await usage(a)).data).toMatchObject({ link_count_day: 2, link_count_month: 2 });
    // A new UTC day starts the day count again; the month keeps counting.
    t.clock.advance(86_400_000);
    const next = (await usage(a)).data;
    expect(next.link_count_day).toBe(0);
    await shorten(a).expect(200);
  });

  it('should count texts by month and refuse the second of the month', async () => {
    const a = await createAccount(t);
    const text = () => t.api().post('/api/v1/text').set(a.auth).send({ content: 'x', title: 'n' });
    await text().expect(200);
    expect((await text().expect(429)).body.error).toBe('plan_limit');
    const list = await t.api().get('/api/v1/texts').set(a.auth).expect(200);
    expect(list.body.data).toHaveLength(1);
    expect((await usage(a)).data).toMatchObject({ text_count_day: 1, text_count_month: 1 });
  });

  it('should count uploads, refuse the one past the limit before storing bytes, and report storage', async () => {
    const a = await createAccount(t);
    const upload = () =>
      t.api().post('/api/v1/file/upload').set(a.auth).attach('file', png(40, 40), 'a.png');
    const first = await upload().expect(200);
    const stored = (await t.storedFiles()).length;
    const refused = await upload().expect(429);
    expect(refused.body.error).toBe('plan_limit');
    expect(await t.storedFiles()).toHaveLength(stored);
    const data = (await usage(a)).data;
    expect(data).toMatchObject({ upload_count_day: 1, file_count: 1 });
    expect(data.storage_usage_mb).toBe((first.body.data.size / 1024 / 1024).toFixed(2));
  });

  it('should count API calls (this one too) and refuse them past the day limit', async () => {
    const a = await createAccount(t);
    // Sign-up issued the token without an API call; every authenticated call counts from here.
    for (let i = 0; i < 24; i++) {
      await t.api().get('/api/v1/tags').set(a.auth).expect(200);
    }
    expect((await usage(a)).data.api_count_day).toBe(25);
    const refused = await t.api().get('/api/v1/tags').set(a.auth).expect(429);
    expect(refused.body).toMatchObject({ error: 'plan_limit' });
    expect(refused.body.message).toMatch(/25 API calls a day/);
    // Another account has its own count.
    const b = await createAccount(t);
    await t.api().get('/api/v1/tags').set(b.auth).expect(200);
  });
});

describe('usage without limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should report -1 for every limit and still count', async () => {
    const a = await createAccount(t);
    await t.api().post('/api/v1/shorten').set(a.auth).send({ target_url: 'https://e.com/' });
    const { data } = (await t.api().get('/api/v1/usage').set(a.auth).expect(200)).body;
    for (const [k, v] of Object.entries(data)) if (k.endsWith('_limit')) expect(v).toBe(-1);
    expect(data).toMatchObject({ link_count_day: 1, link_count_month: 1, api_count_day: 2 });
  });

  it('should refuse a malformed limits setting at start', () => {
    expect(() => validateEnv({ PLAN_FREE_USAGE_LIMITS: 'link_day=x' })).toThrow(
      /PLAN_FREE_USAGE_LIMITS/,
    );
  });
});
