import { SCOPES } from '../../../src/auth/scopes/scopes';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { openApiOperations, Operation } from '../../utils/openapi-operations';

/** Every operation that takes a token, with the scope it declares. */
const secured = async (t: TestApp) =>
  (await openApiOperations(t))
    .filter((op) => op.secured)
    .map((op) => ({ ...op, scope: op.scope ?? '(none declared)' }));

describe('API tokens limited to scopes', () => {
  let t: TestApp;
  let a: TestAccount;
  let ops: (Operation & { scope: string })[];

  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    ops = await secured(t);
  });
  afterAll(() => t.close());

  const tokenWith = async (scopes?: string[], extra: object = {}) => {
    const res = await t
      .api()
      .post('/api/v1/tokens')
      .set(a.auth)
      .send({ name: `scoped ${scopes?.length ?? 'full'}`, scopes, ...extra })
      .expect(201);
    return res.body.data as { token: string; scopes: string[] | null; note: string | null };
  };
  /** The answer, its text '' when it has none (HEAD) or is bytes (an image). */
  const call = async (op: Operation, token: string) => {
    const res = await t.api()[op.method](op.path).set('Authorization', `Bearer ${token}`);
    return { status: res.status, text: typeof res.text === 'string' ? res.text : '' };
  };
  /** Whatever the surface's shape: ours, S.EE's, plain text, YOURLS's, SM.MS's (at HTTP 200). */
  const refusedFor = (res: { status: number; text: string }, what: string) =>
    res.status === 403
      ? res.text === '' || res.text.includes(`needs ${what}`) // HEAD has no body
      : res.status === 200 &&
        res.text.includes('"insufficient_scope"') &&
        res.text.includes(`needs ${what}`);

  it('should declare a scope on every operation that takes a token', () => {
    expect(ops.length).toBeGreaterThan(50);
    const allowed = new Set<string>([...SCOPES, 'any', 'full']);
    expect(ops.filter((op) => !allowed.has(op.scope))).toEqual([]);
  });

  it('should refuse every operation to a token without its scope, naming the scope', async () => {
    const tokens = new Map<string, string>();
    for (const scope of [...SCOPES, 'full']) {
      // Every scope but this one (and not the write scope that would read it too).
      const others = SCOPES.filter((s) => s !== scope && s !== scope.replace(':read', ':write'));
      tokens.set(scope, (await tokenWith(scope === 'full' ? [...SCOPES] : others)).token);
    }
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.scope !== 'any')) {
      const res = await call(op, tokens.get(op.scope)!);
      const what = op.scope === 'full' ? 'a token with full access' : `the scope ${op.scope}`;
      if (!refusedFor(res, what)) wrong.push(`${op.method} ${op.path} ${res.status} ${res.text}`);
    }
    expect(wrong).toEqual([]);
  });

  it('should let every operation through to a token with just its scope', async () => {
    const tokens = new Map<string, string>();
    for (const scope of SCOPES) tokens.set(scope, (await tokenWith([scope])).token);
    tokens.set('any', (await tokenWith(['account:read'])).token);
    tokens.set('full', a.token);
    const wrong: string[] = [];
    for (const op of ops) {
      const res = await call(op, tokens.get(op.scope)!);
      if (res.status >= 500 || res.text.includes('insufficient_scope')) {
        wrong.push(`${op.method} ${op.path} ${res.status} ${res.text}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('should let a files:write token upload (S.EE, SM.MS, PicGo) and do nothing else', async () => {
    const { token, scopes } = await tokenWith(['files:write']);
    expect(scopes).toEqual(['files:write']);
    const auth = { Authorization: token };
    await t
      .api()
      .post('/api/v1/file/upload')
      .set(auth)
      .attach('file', png(3, 3), 'a.png')
      .expect(200);
    const smms = await t
      .api()
      .post('/api/v2/upload')
      .set(auth)
      .attach('smfile', png(4, 4), 'b.png')
      .expect(200);
    expect(smms.body.success).toBe(true);
    await t.api().get('/api/v1/files').set(auth).expect(200); // writing files reads them too
    const link = await t
      .api()
      .post('/api/v1/shorten')
      .set(auth)
      .send({ target_url: 'https://example.com/' })
      .expect(403);
    expect(link.body).toMatchObject({ code: 403, success: false });
    expect(link.body.message).toBe('This call needs the scope links:write');
    const profile = await t.api().post('/api/v2/profile').set(auth).expect(200);
    expect(profile.body).toMatchObject({ success: false, code: 'insufficient_scope' });
    const tokens = await t.api().get('/api/v1/tokens').set(auth).expect(403);
    expect(tokens.body.message).toBe('This call needs a token with full access');
  });

  it("should hold YOURLS's actions to the scopes they need", async () => {
    const reader = (await tokenWith(['links:read'])).token;
    const yourls = (action: string, token: string) =>
      t
        .api()
        .get(
          `/yourls-api.php?action=${action}&format=json&signature=${token}&url=https://example.com/`,
        );
    const refused = await yourls('shorturl', reader);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This call needs the scope links:write');
    expect((await yourls('db-stats', reader)).status).toBe(403);
    expect((await yourls('version', reader)).status).toBe(200);
    const writer = (await tokenWith(['links:*', 'stats:read'])).token;
    expect((await yourls('shorturl', writer)).body.status).toBe('success');
    expect((await yourls('db-stats', writer)).status).toBe(200);
  });

  it('should show scopes, note and expiry, expand wildcards, and keep old tokens whole', async () => {
    const made = await tokenWith(['texts:*', 'links:read', 'links:read'], {
      note: 'for the wiki bot',
      expires_in_days: 30,
    });
    expect(made).toMatchObject({
      scopes: ['links:read', 'texts:read', 'texts:write'],
      note: 'for the wiki bot',
      expires_at: expect.any(Number),
    });
    const full = await tokenWith(undefined);
    expect(full.scopes).toBeNull();
    const listed = (await t.api().get('/api/v1/tokens').set(a.auth).expect(200)).body.data as {
      prefix: string;
      scopes: string[] | null;
    }[];
    expect(listed.find((x) => made.token.startsWith(x.prefix))?.scopes).toEqual(made.scopes);
    await t
      .api()
      .post('/api/v1/tokens')
      .set('Authorization', full.token)
      .send({ name: 'by a full token' })
      .expect(201);
  });

  it('should refuse scopes that are not scopes, with clear errors', async () => {
    for (const scopes of [[], ['links:delete'], 'links:read', [1], null]) {
      const res = await t
        .api()
        .post('/api/v1/tokens')
        .set(a.auth)
        .send({ name: 'bad', scopes })
        .expect(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.message).toMatch(/scope/);
    }
  });
});
