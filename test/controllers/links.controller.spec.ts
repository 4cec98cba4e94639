import { notFound } from '../../src/common/errors/domain-error';
import { LinksController } from '../../src/links/links.controller';
import { LinksService } from '../../src/links/links.service';
import { ACCOUNT, controllerSlice, Slice } from './slice';

describe(LinksController.name, () => {
  const links = { list: jest.fn(), get: jest.fn(), update: jest.fn(), delete: jest.fn() };
  let s: Slice;
  beforeAll(async () => {
    s = await controllerSlice(LinksController, [{ provide: LinksService, useValue: links }]);
  });
  afterAll(() => s.close());
  beforeEach(() => jest.resetAllMocks());

  it('should require a token', async () => {
    const res = await s.anonymous().get('/api/v1/links').expect(401);
    expect(res.body).toMatchObject({ code: 401, success: false, error: 'unauthorized' });
    expect(links.list).not.toHaveBeenCalled();
  });

  it('should refuse an unknown token', async () => {
    await s.anonymous().get('/api/v1/links/1').set('Authorization', 'ld_nope').expect(401);
    expect(links.get).not.toHaveBeenCalled();
  });

  it('should answer 404 on an id in any form but the canonical one (it names nothing)', async () => {
    for (const bad of ['abc', '0', '-1', '1.5', '0x5', '05', '1e3']) {
      const res = await s.as().get(`/api/v1/links/${bad}`).expect(404);
      expect(res.body.error).toBe('not_found');
    }
    expect(links.get).not.toHaveBeenCalled();
  });

  it("should ask for the caller's own link and wrap it in the envelope", async () => {
    links.get.mockResolvedValue({ id: 5, slug: 'hi' });
    const res = await s.as().get('/api/v1/links/5').expect(200);
    expect(links.get).toHaveBeenCalledWith(ACCOUNT.id, { id: 5 });
    expect(res.body).toMatchObject({ code: 200, success: true, data: { id: 5, slug: 'hi' } });
  });

  it("should answer 404 in the envelope when the service finds no link (another account's too)", async () => {
    links.get.mockRejectedValue(notFound('Link'));
    const res = await s.as().get('/api/v1/links/9').expect(404);
    expect(res.body).toMatchObject({ code: 404, success: false, error: 'not_found', data: null });
  });

  it('should refuse a list query it does not know, and bad paging', async () => {
    await s.as().get('/api/v1/links?colour=red').expect(400);
    await s.as().get('/api/v1/links?per_page=100000').expect(400);
    expect(links.list).not.toHaveBeenCalled();
  });

  it('should refuse an update with a field it does not know, or a bad URL', async () => {
    await s.as().patch('/api/v1/links/5').send({ colour: 'red' }).expect(400);
    await s.as().patch('/api/v1/links/5').send({ target_url: 'javascript:alert(1)' }).expect(400);
    expect(links.update).not.toHaveBeenCalled();
  });
});
