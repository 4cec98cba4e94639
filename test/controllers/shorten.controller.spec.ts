import { DomainError } from '../../src/common/errors/domain-error';
import { LinksService } from '../../src/links/links.service';
import { ShortenController } from '../../src/links/shorten.controller';
import { ACCOUNT, controllerSlice, Slice } from './slice';

const created = {
  id: 41,
  slug: 'hello',
  custom_slug: 'hello',
  short_url: 'http://localhost:3000/hello',
};

describe(ShortenController.name, () => {
  const links = { create: jest.fn(), update: jest.fn(), delete: jest.fn() };
  let s: Slice;
  beforeAll(async () => {
    s = await controllerSlice(ShortenController, [{ provide: LinksService, useValue: links }]);
  });
  afterAll(() => s.close());
  beforeEach(() => jest.resetAllMocks());

  it('should require a token', async () => {
    await s
      .anonymous()
      .post('/api/v1/shorten')
      .send({ target_url: 'https://a.example' })
      .expect(401);
    expect(links.create).not.toHaveBeenCalled();
  });

  it("should answer a creation in S.EE's shape, the link's own address in Location", async () => {
    links.create.mockResolvedValue(created);
    const res = await s
      .as()
      .post('/api/v1/shorten')
      .send({ target_url: 'https://a.example/x', custom_slug: 'hello' })
      .expect(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: { custom_slug: 'hello', short_url: 'http://localhost:3000/hello', slug: 'hello' },
    });
    expect(res.headers.location).toBe('/api/v1/links/41');
    expect(links.create).toHaveBeenCalledWith(
      ACCOUNT,
      expect.objectContaining({ customSlug: 'hello', targetUrl: 'https://a.example/x' }),
    );
  });

  it('should take "", 0 and null in an optional field as not given, as S.EE\'s SDKs send them', async () => {
    links.create.mockResolvedValue(created);
    await s
      .as()
      .post('/api/v1/shorten')
      .send({ target_url: 'https://a.example', custom_slug: '', expire_at: 0, title: null })
      .expect(200);
    const input = links.create.mock.calls[0][1] as Record<string, unknown>;
    expect(input).toMatchObject({ targetUrl: 'https://a.example' });
    expect([input.customSlug, input.expireAt, input.title]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('should answer 400 with the field named when target_url is missing or not a web URL', async () => {
    for (const body of [{}, { target_url: 'ftp://a.example' }, { target_url: 42 }]) {
      const res = await s.as().post('/api/v1/shorten').send(body).expect(400);
      expect(res.body.error).toBe('validation_failed');
      expect(JSON.stringify(res.body)).toContain('target_url');
    }
    expect(links.create).not.toHaveBeenCalled();
  });

  it("should pass the service's refusal through with its status and code", async () => {
    links.create.mockRejectedValue(new DomainError(409, 'slug_taken', 'That slug is taken'));
    const res = await s
      .as()
      .post('/api/v1/shorten')
      .send({ target_url: 'https://a.example', custom_slug: 'taken' })
      .expect(409);
    expect(res.body).toMatchObject({ code: 409, error: 'slug_taken' });
  });

  it('should answer simple mode as text/plain, errors too', async () => {
    links.create.mockResolvedValue(created);
    const ok = await s.as().get('/api/v1/shorten?url=https://a.example').expect(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.text).toBe('http://localhost:3000/hello');
    const bad = await s.as().get('/api/v1/shorten?url=nope').expect(400);
    expect(bad.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('should answer an update and a delete with data null', async () => {
    links.update.mockResolvedValue({});
    links.delete.mockResolvedValue({});
    const put = await s
      .as()
      .put('/api/v1/shorten')
      .send({ slug: 'hello', target_url: 'https://b.example' })
      .expect(200);
    expect(put.body).toEqual({ code: 200, message: 'success', data: null });
    await s.as().delete('/api/v1/shorten').send({ slug: 'hello' }).expect(200);
    expect(links.delete).toHaveBeenCalledWith(ACCOUNT.id, { slug: 'hello' }, 'redirect');
  });
});
