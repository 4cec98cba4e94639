import type { AddressInfo } from 'node:net';
import { SeeClient, SeeError } from '../../contract/see-client';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { png } from '../../factories/file.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';

// Every call of S.EE's SDK, made by a client written from its published types and decoded as
// strictly as its Go and Rust SDKs do: a change that would break an S.EE client fails here.
describe('S.EE SDK contract', () => {
  let t: TestApp;
  let a: TestAccount;
  let see: SeeClient;
  let domain: string;
  beforeAll(async () => {
    t = await createTestApp();
    a = await createAccount(t);
    await t.app.listen(0, '127.0.0.1');
    const { port } = t.http.address() as AddressInfo;
    see = new SeeClient(`http://127.0.0.1:${port}/api/v1`, a.token);
    domain = (await see.url.listDomains()).data.domains[0];
  });
  afterAll(() => t.close());

  it('should serve the URL calls', async () => {
    await t.api().post('/api/v1/tags').set(a.auth).send({ name: 'sdk' }).expect(201);
    const [tag] = (await see.url.listTags()).data.tags;
    const made = await see.url.create({
      domain,
      target_url: 'https://example.com/contract',
      custom_slug: 'contract',
      title: 'Contract',
      tag_ids: [tag.id],
    });
    expect(made).toMatchObject({ code: 200, data: { slug: 'contract', custom_slug: 'contract' } });
    const simple = await see.url.createSimple({
      url: 'https://example.com/simple',
      tag_ids: [tag.id],
    });
    expect(simple).toMatch(/^http:\/\/localhost:3000\//);
    await see.url.update({
      domain,
      slug: 'contract',
      target_url: 'https://example.com/new',
      title: 'New',
    });
    const history = await see.url.history({ page: 1 });
    expect(history.data.find((l) => l.slug === 'contract')).toMatchObject({
      target_url: 'https://example.com/new',
      title: 'New',
      object_type: 1,
    });
    for (const period of ['daily', 'monthly', 'totally'] as const) {
      expect(
        (await see.url.visitStats({ domain, slug: 'contract', period })).data.visit_count,
      ).toBe(0);
    }
    await see.url.delete({ domain, slug: 'contract' });
    await expect(see.url.delete({ domain, slug: 'contract' })).rejects.toMatchObject({
      status: 404,
      message: expect.any(String),
    });
  });

  it('should serve the text calls', async () => {
    const made = await see.text.create({ content: 'from the contract', title: 'Note' });
    expect((await see.text.listDomains()).data.domains).toContain(domain);
    await see.text.update({ content: 'changed', domain, slug: made.data.slug, title: 'Note 2' });
    const [item] = (await see.text.history()).data;
    expect(item).toMatchObject({
      slug: made.data.slug,
      title: 'Note 2',
      content_preview: 'changed',
    });
    await see.text.delete({ domain, slug: made.data.slug });
  });

  it('should serve the file calls', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(3, 3))], { type: 'image/png' }), 'c.png');
    form.append('is_private', '1');
    const up = await see.file.upload(form);
    expect(up.data).toMatchObject({ width: 3, height: 3, mime_type: 'image/png' });
    expect((await see.file.listDomains()).data.domains).toContain(domain);
    expect((await see.file.history()).data[0].file_id).toBe(up.data.file_id);
    const url = await see.file.getPrivateDownloadUrl(up.data.file_id);
    expect(url.data.file_id).toBe(up.data.file_id);
    expect(await see.file.delete(up.data.hash)).toMatchObject({ code: '200', success: true });
  });

  it('should serve the QR code and bio calls', async () => {
    const qr = await see.qrcode.create({ target_url: 'https://example.com/qr', title: 'QR' });
    expect((await see.qrcode.history()).data.total).toBe(1);
    await see.qrcode.delete({ domain, slug: qr.data.slug });
    const bio = await see.bio.create({
      title: 'Me',
      custom_links: [{ title: 'Site', url: 'https://example.com/' }],
    });
    await see.bio.update({ id: bio.data.bio_page_id, title: 'Me 2', description: 'hi' });
    const bios = (await see.bio.history()).data;
    expect(bios).toMatchObject({ total: 1, bio_pages: [{ title: 'Me 2', description: 'hi' }] });
    await see.bio.delete(bio.data.bio_page_id);
  });

  it('should serve the account calls', async () => {
    expect((await see.account.checkToken(a.token)).data).toMatchObject({
      valid: true,
      expires_at: 0,
    });
    const usage = (await see.account.usage()).data;
    expect(usage.link_count_day).toBeGreaterThanOrEqual(2);
    expect(usage.storage_usage_mb).toMatch(/^\d+\.\d\d$/);
  });

  it('should answer errors with a real status and a message', async () => {
    const anonymous = new SeeClient(see['baseUrl'], 'ld_not-a-token');
    const err = (await anonymous.url.listTags().catch((e: unknown) => e)) as SeeError;
    expect(err).toBeInstanceOf(SeeError);
    expect(err).toMatchObject({ status: 401, code: 401, message: expect.any(String) });
    const bad = (await see.url.create({ target_url: 'nope' }).catch((e: unknown) => e)) as SeeError;
    expect(bad).toMatchObject({ status: 400, code: 400 });
  });
});
