import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { idOf } from '../../utils/requests';
import { Visitor } from '../../utils/visitor';

describe('Account area forms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT: '5' });
  });
  afterAll(() => t.close());
  afterEach(() => t.clock.reset());

  it('should sign up into a session in an HttpOnly, SameSite=Lax cookie', async () => {
    const v = new Visitor(t);
    await v.get('/signup');
    const res = await v.post('/signup', {
      email: 'grace@example.com',
      password: 'a long enough password',
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/account');
    const setCookie = (res.headers['set-cookie'] as unknown as string[]).find((c) =>
      c.startsWith('ld_session='),
    )!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/); // plain http here; https sets Secure
    const page = await v.get('/account');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.text).toContain('grace@example.com');
  });

  it('should refuse bad sign-ups and log-ins with the reason, on the form again', async () => {
    const v = new Visitor(t);
    await v.signUp('taken@example.com');
    const again = new Visitor(t);
    const taken = await again.signUp('taken@example.com');
    expect(taken.status).toBe(409);
    expect(taken.text).toContain('An account with this email already exists');
    const short = await new Visitor(t).signUp('short@example.com', 'short');
    expect(short.status).toBe(400);
    expect(short.text).toContain('The password needs at least 8 characters.');
    const wrong = new Visitor(t);
    await wrong.get('/login');
    const res = await wrong.post('/login', {
      email: 'taken@example.com',
      password: 'wrong password',
    });
    expect(res.status).toBe(401);
    expect(res.text).toContain('Wrong email or password');
    expect(res.text).toContain('value="taken@example.com"');
    // Without the form's token (a cross-site post), nothing is tried.
    const forged = await wrong.post(
      '/login',
      { email: 'taken@example.com', password: 'x' },
      'nope',
    );
    expect(forged.status).toBe(403);
    expect(forged.text).toMatch(/did not come from this site/);
  });

  it('should throttle log-in attempts per account', async () => {
    const v = new Visitor(t);
    await v.signUp('busy@example.com');
    const attacker = new Visitor(t);
    await attacker.get('/login');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await attacker.post('/login', { email: 'busy@example.com', password: `guess ${i}` }))
          .status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });

  it('should end sessions on log-out, on expiry, and send the browser to log in', async () => {
    const v = new Visitor(t);
    await v.signUp('end@example.com');
    const secret = v.cookies.get('ld_session')!;
    await v.get('/account'); // the session's own CSRF token, from its page
    const out = await v.post('/logout', {});
    expect(out.status).toBe(303);
    const replay = await t.api().get('/account/links').set('Cookie', `ld_session=${secret}`);
    expect(replay.status).toBe(303);
    expect(replay.headers.location).toBe('/login?next=%2Faccount%2Flinks');

    const w = new Visitor(t);
    await w.signUp('expire@example.com');
    expect((await w.get('/account')).status).toBe(200);
    t.clock.advance(31 * 86_400_000);
    expect((await w.get('/account')).status).toBe(303);
  });

  it('should need the session CSRF token for every state change', async () => {
    const v = new Visitor(t);
    await v.signUp('csrf@example.com');
    await v.get('/account/tokens');
    expect((await v.post('/account/tokens', { name: 'x' }, '')).status).toBe(403);
    expect((await v.post('/account/tokens', { name: 'x' }, 'a'.repeat(43))).status).toBe(403);
    expect((await v.post('/account/tokens', { name: 'ok' })).status).toBe(201);
  });

  it('should make links from the form, refusing bad ones with the reason', async () => {
    const v = new Visitor(t);
    await v.signUp('links@example.com');
    await v.get('/account/links');
    const made = await v.post('/account/links', {
      target_url: 'https://example.com/x',
      custom_slug: 'form-made',
      title: 'From the form',
      expire_at: '2030-01-02T03:04',
      redirect_code: '301',
    });
    expect(made.status).toBe(303);
    const shown = await v.get(made.headers.location);
    expect(shown.text).toContain('/form-made');
    const redirect = await t.api().get('/form-made').expect(301);
    expect(redirect.headers.location).toBe('https://example.com/x');
    const taken = await v.post('/account/links', {
      target_url: 'https://example.com/y',
      custom_slug: 'form-made',
    });
    expect(taken.status).toBe(409);
    const bad = await v.post('/account/links', { target_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('value="javascript:alert(1)"'); // escaped back into the form
    expect(bad.text).toContain('Give a full web address, like https://example.com/page.');
    // An address typed without its scheme is completed, as people mean it.
    const typed = await v.post('/account/links', {
      target_url: 'example.com/typed',
      custom_slug: 'form-typed',
    });
    expect(typed.status).toBe(303);
    expect((await t.api().get('/form-typed').expect(302)).headers.location).toBe(
      'https://example.com/typed',
    );
    const qr = await t
      .api()
      .get(
        `/account/shares/${/\/account\/links\?created=(\d+)/.exec(made.headers.location)![1]}/qr.svg`,
      )
      .set('Cookie', `ld_session=${v.cookies.get('ld_session')}`);
    expect(qr.status).toBe(200);
    expect(qr.headers['content-type']).toContain('image/svg+xml');
  });

  it('should share texts from the form, large ones too, refuse bad ones, and edit them at account/texts/:id/edit', async () => {
    const v = new Visitor(t);
    await v.signUp('texts@example.com');
    await v.get('/account/texts');
    const made = await v.post('/account/texts', {
      title: 'Snippet',
      text_type: 'source_code',
      language: 'python',
      content: 'print("hi")\r\n',
      burn_after_read: '1',
    });
    expect(made.status).toBe(303);
    const shown = await v.get(made.headers.location);
    const url = /id="new-text" href="([^"]+)"/.exec(shown.text)![1];
    // A one-time text: its raw bytes are handed over (and it is used up) by a POST.
    const api = await t
      .api()
      .post(`${new URL(url).pathname}/raw`)
      .expect(200);
    expect(api.text).toBe('print("hi")\n');
    const big = await v.post('/account/texts', { content: 'x'.repeat(300_000) });
    expect(big.status).toBe(303);
    // The burned snippet is gone; another one is kept, and the filters find each kind.
    await v.post('/account/texts', {
      title: 'Kept code',
      text_type: 'source_code',
      content: 'x = 1',
    });
    const code = await v.get('/account/texts?type=source_code');
    expect(code.text).toContain('Kept code');
    expect(code.text).not.toContain('xxxxxxxxxx');
    const plain = await v.get('/account/texts?type=plain_text');
    expect(plain.text).toContain('xxxxxxxxxx');
    expect(plain.text).not.toContain('Kept code');
    const found = await v.get('/account/texts?q=kept');
    expect(found.text).toContain('Kept code');
    expect(found.text).not.toContain('xxxxxxxxxx');
    const none = await v.get('/account/texts?q=100%25');
    expect(none.text).toContain('No text matches.');
    // Edited: new content and kind at the same address.
    const keptId = /\/account\/texts\/(\d+)\/edit/.exec(code.text)![1];
    const form = await v.get(`/account/texts/${keptId}/edit`);
    expect(form.text).toContain('x = 1</textarea>');
    const saved = await v.post(`/account/texts/${keptId}/edit`, {
      title: 'Now Markdown',
      text_type: 'markdown',
      content: '# Hello',
    });
    expect(saved.status).toBe(303);
    expect((await v.get('/account/texts?type=markdown')).text).toContain('Now Markdown');
    expect((await v.post(`/account/texts/${keptId}/edit`, { content: '' })).status).toBe(400);
    const stranger = new Visitor(t);
    await stranger.signUp('texts-other@example.com');
    expect((await stranger.get(`/account/texts/${keptId}/edit`)).status).toBe(404);
    const empty = await v.post('/account/texts', { content: '   ' });
    expect(empty.status).toBe(400);
    const badType = await v.post('/account/texts', { content: 'a', text_type: 'pdf' });
    expect(badType.status).toBe(400);
    expect(badType.text).toContain('Choose plain text, source code or Markdown.');
  });

  it('should give settings for ShareX and a bookmarklet that work as written', async () => {
    const v = new Visitor(t);
    await v.signUp('tools@example.com');
    await v.get('/account/integrations');
    const page = await v.post('/account/integrations', {});
    expect(page.status).toBe(200);
    const unescape = (s: string) =>
      s
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const textOf = (key: string) =>
      unescape(new RegExp(`id="text-${key}"[^>]*>([^<]*)</textarea>`).exec(page.text)![1]);
    const sxcu = JSON.parse(textOf('sharex-images')) as {
      RequestURL: string;
      Headers: { Authorization: string };
      FileFormName: string;
      URL: string;
    };
    expect(sxcu.URL).toBe('{json:data.url}');
    // What ShareX sends with this file, against this server.
    const uploaded = await t
      .api()
      .post(new URL(sxcu.RequestURL).pathname)
      .set('Authorization', sxcu.Headers.Authorization)
      .attach(sxcu.FileFormName, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'shot.gif')
      .expect(200);
    expect(uploaded.body.data.url).toMatch(/^http:\/\/localhost:3000\/u\//);
    const text = JSON.parse(textOf('sharex-text')) as { RequestURL: string; Data: string };
    const shared = await t
      .api()
      .post(new URL(text.RequestURL).pathname)
      .set('Authorization', sxcu.Headers.Authorization)
      .set('Content-Type', 'application/json')
      .send(text.Data.replace('{input}', 'from ShareX'))
      .expect(200);
    expect(shared.body.data.short_url).toBeDefined();
    const bookmarklet = textOf('bookmarklet');
    const address = /location\.href='([^']+)'\+/.exec(bookmarklet)![1];
    const short = await t
      .api()
      .get(
        new URL(address + encodeURIComponent('https://example.com/page')).pathname +
          new URL(address + encodeURIComponent('https://example.com/page')).search,
      )
      .expect(200);
    expect(short.text).toMatch(/^http:\/\/localhost:3000\/[A-Za-z0-9_-]+$/);
    // Made again, it replaces the token it made before: one "Integrations" token, not two.
    await v.post('/account/integrations', {});
    const tokens = (await v.get('/account/tokens')).text;
    expect(tokens.match(/<td data-label="Name">Integrations<\/td>/g)).toHaveLength(1);
  });

  it('should upload through the API as the browser, then search and order the files', async () => {
    const v = new Visitor(t);
    await v.signUp('files@example.com');
    await v.get('/account/files');
    const cookie = `ld_session=${v.cookies.get('ld_session')}`;
    const send = (name: string, bytes: Buffer, csrf = v.csrf) =>
      t
        .api()
        .post('/api/v1/file/upload')
        .set('Cookie', cookie)
        .set('X-CSRF-Token', csrf)
        .attach('file', bytes, name);
    await send('alpha.txt', Buffer.from('small text')).expect(200);
    await send('beta.bin', Buffer.alloc(5000, 0)).expect(200);
    expect((await send('gamma.txt', Buffer.from('no'), 'wrong token')).status).toBe(403);
    const found = await v.get('/account/files?q=alph');
    expect(found.text).toContain('alpha.txt');
    expect(found.text).not.toContain('beta.bin');
    const largest = await v.get('/account/files?sort=largest');
    expect(largest.text.indexOf('beta.bin')).toBeLessThan(largest.text.indexOf('alpha.txt'));
    const oldest = await v.get('/account/files?sort=oldest');
    expect(oldest.text.indexOf('alpha.txt')).toBeLessThan(oldest.text.indexOf('beta.bin'));
    expect((await v.get('/account/files?q=zzz')).text).toContain('No file matches.');
    const texts = await v.get('/account/files?kind=text');
    expect(texts.text).toContain('alpha.txt');
    expect(texts.text).not.toContain('beta.bin');
    const others = await v.get('/account/files?kind=other');
    expect(others.text).toContain('beta.bin');
    expect(others.text).not.toContain('alpha.txt');
    // Made private from the list: its bytes are no longer served at their plain address.
    const id =
      /privacy-(\d+)"[^>]*>\s*<input[^>]*>\s*<input type="hidden" name="private" value="1">/.exec(
        (await v.get('/account/files?q=alpha')).text,
      )![1];
    const made = await v.post(`/account/files/${id}/privacy`, { private: '1' });
    expect(made.text).toContain('alpha.txt is private now');
    const path = /href="http:\/\/localhost:3000\/([A-Za-z0-9_-]+)">alpha.txt/.exec(made.text);
    expect(path).not.toBeNull();
    const record = await t.api().get(`/${path![1]}`).set('Accept', 'text/html');
    expect(record.status).toBe(404);
    expect((await v.post(`/account/files/${id}/privacy`, { private: '0' })).text).toContain(
      'public now',
    );
  });

  it('should manage tags, filter links by them, and edit a link at account/links/:id/edit', async () => {
    const v = new Visitor(t);
    await v.signUp('tags@example.com');
    await v.get('/account/tags');
    expect((await v.post('/account/tags', { name: 'work' })).text).toContain('Added work');
    expect((await v.post('/account/tags', { name: 'work' })).status).toBe(409);
    expect((await v.post('/account/tags', { name: ' ' })).status).toBe(400);
    const page = await v.get('/account/tags');
    const tagId = /\/account\/tags\/(\d+)\/rename/.exec(page.text)![1];
    expect((await v.post(`/account/tags/${tagId}/rename`, { name: 'job' })).text).toContain(
      'Renamed to job',
    );

    await v.get('/account/links');
    await v.post('/account/links', {
      target_url: 'https://example.com/a',
      custom_slug: 'tagged',
      tags: 'job',
    });
    const plain = await v.post('/account/links', {
      target_url: 'https://example.com/b',
      custom_slug: 'untagged',
    });
    const oldest = await v.get('/account/links?sort=oldest');
    expect(oldest.text.indexOf('/tagged')).toBeLessThan(oldest.text.indexOf('/untagged'));
    const newest = await v.get('/account/links');
    expect(newest.text.indexOf('/untagged')).toBeLessThan(newest.text.indexOf('/tagged'));
    await t.api().get('/tagged').expect(302);
    await t.api().get('/tagged').expect(302);
    let visited = '';
    for (let i = 0; i < 40; i++) {
      visited = (await v.get('/account/links?sort=visits')).text;
      if (visited.indexOf('/tagged') < visited.indexOf('/untagged')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(visited.indexOf('/tagged')).toBeLessThan(visited.indexOf('/untagged'));
    const filtered = await v.get(`/account/links?tag=${tagId}`);
    expect(filtered.text).toContain('/tagged');
    expect(filtered.text).not.toContain('/untagged');

    const id = /created=(\d+)/.exec(plain.headers.location)![1];
    const form = await v.get(`/account/links/${id}/edit`);
    expect(form.text).toContain('value="https://example.com/b"');
    // Link previews: ticked by default; a form sent without the tick keeps it out of them.
    expect(form.text).toMatch(/name="unfurl" value="1" checked/);
    const saved = await v.post(`/account/links/${id}/edit`, {
      target_url: 'https://example.com/changed',
      title: 'Changed',
      redirect_code: '308',
      password: 'secret pass',
    });
    expect(saved.status).toBe(303);
    const locked = await t.api().get('/untagged').set('Accept', 'text/html');
    expect(locked.status).toBe(401); // the password form
    const removed = await v.post(`/account/links/${id}/edit`, {
      target_url: 'https://example.com/changed',
      remove_password: '1',
      redirect_code: '308',
    });
    expect(removed.status).toBe(303);
    expect((await v.get(`/account/links/${id}/edit`)).text).not.toMatch(
      /name="unfurl" value="1" checked/,
    );
    const moved = await t.api().get('/untagged').expect(308);
    expect(moved.headers.location).toBe('https://example.com/changed');
    const bad = await v.post(`/account/links/${id}/edit`, { target_url: 'ftp://x' });
    expect(bad.status).toBe(400);
    expect((await v.post(`/account/tags/${tagId}/delete`, {})).text).toContain('Tag deleted');
    const other = new Visitor(t);
    await other.signUp('tags-other@example.com');
    expect((await other.get(`/account/links/${id}/edit`)).status).toBe(404);
  });

  it('should list the bundles on the files page and delete one with its files', async () => {
    const v = new Visitor(t);
    await v.signUp('bundles-page@example.com');
    await v.get('/account/files');
    const asBrowser = (req: ReturnType<ReturnType<typeof t.api>['post']>) =>
      req.set('Cookie', `ld_session=${v.cookies.get('ld_session')}`).set('X-CSRF-Token', v.csrf);
    const up = await asBrowser(t.api().post('/api/v1/file/upload'))
      .attach('file', Buffer.from('in a bundle'), 'member.txt')
      .expect(200);
    const made = await asBrowser(t.api().post('/api/v1/bundles'))
      .send({ title: 'Trip', file_ids: [up.body.data.file_id] })
      .expect(201);
    const page = await v.get('/account/files');
    expect(page.text).toContain('Your bundles');
    expect(page.text).toContain('>Trip</a>');
    const gone = await v.post(`/account/bundles/${made.body.data.id}/delete`, {});
    expect(gone.status).toBe(200);
    expect(gone.text).toContain('Bundle deleted, with its files');
    expect(gone.text).not.toContain('Your bundles');
    await t
      .api()
      .get(new URL(up.body.data.url as string).pathname)
      .expect(404);
    const stranger = new Visitor(t);
    await stranger.signUp('bundles-stranger@example.com');
    await stranger.get('/account/files');
    expect((await stranger.post(`/account/bundles/${made.body.data.id}/delete`, {})).status).toBe(
      404,
    );
  });

  it('should edit a file at account/files/:id/edit: title, password, expiry, privacy and tags', async () => {
    const v = new Visitor(t);
    await v.signUp('file-edit@example.com');
    await v.get('/account/files');
    const up = await t
      .api()
      .post('/api/v1/file/upload')
      .set('Cookie', `ld_session=${v.cookies.get('ld_session')}`)
      .set('X-CSRF-Token', v.csrf)
      .attach('file', Buffer.from('edit me'), 'edit-me.txt')
      .expect(200);
    const id = up.body.data.file_id as number;
    const slug = new URL(up.body.data.page as string).pathname;
    expect((await v.get('/account/files')).text).toContain(`href="/account/files/${id}/edit"`);
    const page = await v.get(`/account/files/${id}/edit`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('value="edit-me.txt"');
    const saved = await v.post(`/account/files/${id}/edit`, {
      title: 'Edited',
      password: 'sesame',
      expire_at: '2099-01-01T00:00',
      private: '1',
      tags: 'docs',
    });
    expect(saved.status).toBe(303);
    expect((await v.get(saved.headers.location)).text).toContain('File saved');
    const again = await v.get(`/account/files/${id}/edit`);
    expect(again.text).toContain('value="Edited"');
    expect(again.text).toContain('value="docs"');
    expect(again.text).toContain('value="2099-01-01T00:00"');
    expect(again.text).toMatch(/name="private" value="1" checked/);
    expect(again.text).toContain('Remove the password');
    await t.api().get(slug).set('Accept', 'text/html').expect(401); // asks for the password
    const bad = await v.post(`/account/files/${id}/edit`, { expire_at: '2001-01-01T00:00' });
    expect(bad.status).toBe(400);
    const open = await v.post(`/account/files/${id}/edit`, { remove_password: '1', private: '1' });
    expect(open.status).toBe(303);
    // Private: no public page (a private file has no public address).
    await t.api().get(slug).set('Accept', 'text/html').expect(404);
    // The box left unticked: public again.
    expect((await v.post(`/account/files/${id}/edit`, {})).status).toBe(303);
    await t.api().get(slug).set('Accept', 'text/html').expect(200);
    const other = new Visitor(t);
    await other.signUp('file-edit-other@example.com');
    expect((await other.get(`/account/files/${id}/edit`)).status).toBe(404);
    await other.get('/account/files');
    expect((await other.post(`/account/files/${id}/edit`, { title: 'mine' })).status).toBe(404);
  });

  it('should make, list, reorder at account/bio/:id/edit and delete bio pages in the browser', async () => {
    const v = new Visitor(t);
    await v.signUp('bio@example.com');
    expect((await v.get('/account/bio')).text).toContain('No bio pages yet');
    const made = await v.post('/account/bio', {
      title: 'Ada',
      custom_slug: 'ada-bio',
      link_title: ['Blog', 'Code', ''],
      link_url: ['https://blog.example.com/', 'https://code.example.com/', ''],
      link_description: ['What I write', '', ''],
      link_order: ['1', '2', '3'],
    });
    expect(made.status).toBe(303);
    const edit = made.headers.location;
    expect(edit).toMatch(/^\/account\/bio\/\d+\/edit\?created=1$/);
    const page = await v.get(edit);
    expect(page.text).toContain('Your bio page is made');
    expect(page.text).toContain('value="https://code.example.com/"');
    const list = await v.get('/account/bio');
    expect(list.text).toContain('http://localhost:3000/ada-bio');
    // Reordered by the place numbers, one row emptied (removed), one added.
    const action = edit.replace('?created=1', '');
    const saved = await v.post(action, {
      title: 'Ada L.',
      link_title: ['', 'Code', 'Talks'],
      link_url: ['', 'https://code.example.com/', 'https://talks.example.com/'],
      link_description: ['', '', ''],
      link_order: ['1', '3', '2'],
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain('Bio page saved');
    const shown = (await t.api().get('/ada-bio').expect(200)).text;
    expect(shown.indexOf('talks.example.com')).toBeGreaterThan(-1);
    expect(shown.indexOf('talks.example.com')).toBeLessThan(shown.indexOf('code.example.com'));
    expect(shown).not.toContain('blog.example.com');
    // A refusal names the field in words, and keeps what was typed.
    const bad = await v.post(action, {
      title: 'Ada L.',
      link_title: ['Code'],
      link_url: ['not an address'],
      link_description: [''],
      link_order: ['1'],
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('value="not an address"');
    expect(bad.text).toContain(
      'role="alert">Give a full web address, like https://example.com/page.',
    );
    const id = /\/account\/bio\/(\d+)\/edit/.exec(action)![1];
    expect(action).toBe(`/account/bio/${id}/edit`);
    const other = new Visitor(t);
    await other.signUp('bio-other@example.com');
    expect((await other.get(`/account/bio/${id}/edit`)).status).toBe(404);
    await other.get('/account/bio');
    expect((await other.post('/account/bio/delete', { ids: [id] })).text).toContain(
      'No page was deleted',
    );
    await v.get('/account/bio');
    expect((await v.post('/account/bio/delete', { ids: [id] })).text).toContain(
      'Deleted 1 bio page',
    );
    await t.api().get('/ada-bio').set('Accept', 'text/html').expect(404);
  });

  it('should tag links and texts by name, making new tags, and leave none behind a refused form', async () => {
    const v = new Visitor(t);
    await v.signUp('tag-names@example.com');
    const login = await t
      .api()
      .post('/api/v1/auth/login')
      .send({ email: 'tag-names@example.com', password: 'a long enough password' })
      .expect(200);
    const bearer = `Bearer ${login.body.data.token as string}`;
    const names = async () =>
      (
        (await t.api().get('/api/v1/tags').set('Authorization', bearer)).body.data.tags as {
          name: string;
        }[]
      ).map((x) => x.name);
    await v.get('/account/links');
    const made = await v.post('/account/links', {
      target_url: 'https://example.com/tagged-by-name',
      custom_slug: 'by-name',
      tags: 'work,  to read , work,',
    });
    expect(made.status).toBe(303);
    expect((await names()).sort()).toEqual(['to read', 'work']);
    const linkId = /created=(\d+)/.exec(made.headers.location)![1];
    const edit = await v.get(`/account/links/${linkId}/edit`);
    expect(edit.text).toContain('value="work, to read"');
    expect(edit.text).toContain('<option value="to read">');
    // A refused form (the slug is taken) makes no tag.
    const refused = await v.post('/account/links', {
      target_url: 'https://example.com/x',
      custom_slug: 'by-name',
      tags: 'orphan',
    });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('value="orphan"');
    expect(await names()).not.toContain('orphan');
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    const tooMany = await v.post('/account/links', {
      target_url: 'https://example.com/y',
      tags: many,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('Give at most 20 tags');
    // The edit page's field holds every tag: what is left out is taken off.
    await v.post(`/account/links/${linkId}/edit`, {
      target_url: 'https://example.com/tagged-by-name',
      tags: 'to read',
    });
    const link = await t.api().get(`/api/v1/links/${linkId}`).set('Authorization', bearer);
    expect((link.body.data.tags as { name: string }[]).map((x) => x.name)).toEqual(['to read']);

    await v.get('/account/texts');
    const text = await v.post('/account/texts', { content: 'tagged text', tags: 'notes' });
    expect(text.status).toBe(303);
    const textId = /created=(\d+)/.exec(text.headers.location)![1];
    const tags = (await t.api().get('/api/v1/tags').set('Authorization', bearer)).body.data
      .tags as { id: number; name: string }[];
    const notes = tags.find((x) => x.name === 'notes')!;
    expect((await v.get(`/account/texts?tag=${notes.id}`)).text).toContain('tagged text');
    const textEdit = await v.get(`/account/texts/${textId}/edit`);
    expect(textEdit.text).toContain('value="notes"');
    await v.post(`/account/texts/${textId}/edit`, { content: 'tagged text', tags: '' });
    expect((await v.get(`/account/texts?tag=${notes.id}`)).text).not.toContain('tagged text');
  });

  it("should treat another account's links and tokens as if they did not exist", async () => {
    const owner = await createAccount(t);
    const made = await t
      .api()
      .post('/api/v1/shorten')
      .set(owner.auth)
      .send({ target_url: 'https://example.com/' })
      .expect(200);
    const link = { id: idOf(made), slug: made.body.data.slug as string };
    const v = new Visitor(t);
    await v.signUp('other@example.com');
    await v.get('/account/links');
    const del = await v.post('/account/links/delete', { ids: [String(link.id)] });
    expect(del.text).toContain('No link was deleted');
    await t.api().get(`/${link.slug}`).expect(302);
    const qr = await v.get(`/account/shares/${link.id}/qr.svg`);
    expect(qr.status).toBe(404);
    const tokens = (await t.api().get('/api/v1/tokens').set(owner.auth).expect(200)).body.data;
    const revoke = await v.post(`/account/tokens/${tokens[0].id as number}/revoke`, {});
    expect(revoke.status).toBe(404);
    await t.api().get('/api/v1/account').set(owner.auth).expect(200);
    // Their own token: revoked, and the page says so.
    const made2 = await v.post('/account/tokens', { name: 'laptop' });
    expect(made2.status).toBe(201);
    const id = /action="\/account\/tokens\/(\d+)\/revoke"/.exec(made2.text)![1];
    const gone = await v.post(`/account/tokens/${id}/revoke`, {});
    expect(gone.status).toBe(200);
    expect(gone.text).toContain('Token “laptop” revoked: programs using it can no longer sign in');
  });
});

// Its own app: the session tests above move that app's clock a month on and back.
describe('Account area analytics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('should offer quick ranges, and fit the interval to the range unless one is chosen', async () => {
    const v = new Visitor(t);
    await v.signUp('ranges@example.com');
    const series = async (query: string) => {
      const page = await v.get(`/account/analytics${query}`);
      expect(page.status).toBe(200);
      const json = /<script type="application\/json" id="series-data">(.*?)<\/script>/s.exec(
        page.text,
      )![1];
      const current = /href="[^"]*range=(\w+)[^"]*" aria-current="true"/.exec(page.text)?.[1];
      return { labels: (JSON.parse(json) as { labels: string[] }).labels, current };
    };
    const day = await series('?range=24h');
    expect(day.current).toBe('24h');
    expect(day.labels.length).toBeGreaterThanOrEqual(24);
    expect(day.labels[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/); // hours
    const month = await series('');
    expect(month.current).toBe('30d'); // the default
    expect(month.labels[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/); // days
    const quarter = await series('?range=90d');
    expect(quarter.labels.length).toBeGreaterThanOrEqual(90);
    const year = await series('?from=2025-01-01&to=2025-12-31');
    expect(year.current).toBeUndefined();
    expect(year.labels.length).toBeLessThanOrEqual(54); // weeks
    const chosen = await series('?range=7d&interval=hour');
    expect(chosen.labels.length).toBeGreaterThanOrEqual(7 * 24);
  });

  it('should show a share its visits in a range and zone, and give them as CSV', async () => {
    const v = new Visitor(t);
    await v.signUp('stats@example.com');
    await v.get('/account/links');
    const made = await v.post('/account/links', {
      target_url: 'https://example.com/s',
      custom_slug: 'counted',
    });
    const id = /created=(\d+)/.exec(made.headers.location)![1];
    await t
      .api()
      .get('/counted')
      .set('User-Agent', 'Mozilla/5.0 Firefox/120.0')
      .set('Referer', 'https://news.example/item')
      .expect(302);
    // The pipeline writes the visit within a second or two: the overview says when.
    for (let i = 0; i < 40; i++) {
      if ((await v.get('/account')).text.includes('Visits, last 30 days: 1')) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect((await v.get('/account')).text).toContain('Visits, last 30 days: 1');
    const page = await v.get(`/account/analytics/${id}?tz=Asia/Kolkata&interval=day`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<strong>1</strong> visits');
    expect(page.text).toContain('news.example');
    // What nobody sent is said so: no language header here.
    expect(page.text).toContain('Not known');
    expect(page.text).not.toContain('(none)');
    const csv = await v.get(`/account/analytics/${id}/visits.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.trim().split('\r\n')).toHaveLength(2);
    const all = await v.get('/account/analytics');
    expect(all.text).toContain('Most visited shares');
    expect(all.text).toContain(`/account/analytics/${id}`);
    const badZone = await v.get(`/account/analytics/${id}?tz=Mars/Olympus`);
    expect(badZone.status).toBe(400);
    const other = new Visitor(t);
    await other.signUp('nosy@example.com');
    expect((await other.get(`/account/analytics/${id}`)).status).toBe(404);
    expect((await other.get(`/account/analytics/${id}/visits.csv`)).status).toBe(404);
  });
});

describe('Account area assets', () => {
  it("should serve the pages' own assets from the app, cacheable, and nothing else", async () => {
    const t = await createTestApp();
    try {
      const css = await t.api().get('/assets/app.css').expect(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      expect(css.headers['x-content-type-options']).toBe('nosniff');
      const etag = css.headers.etag;
      await t.api().get('/assets/app.css').set('If-None-Match', etag).expect(304);
      const chart = await t.api().get('/assets/chart.umd.js').expect(200);
      expect(chart.headers['content-type']).toContain('text/javascript');
      expect(chart.text).toContain('Chart');
      await t.api().get('/assets/app.js').expect(200);
      const missing = await t.api().get('/assets/..%2Fpages.js').expect(404);
      expect(missing.body.error).toBe('not_found');
      await t.api().get('/assets/constructor').expect(404);
    } finally {
      await t.close();
    }
  });
});

describe('Account area settings', () => {
  it('should hide sign-up when it is closed and send / elsewhere when told', async () => {
    const t = await createTestApp({
      AUTH_SIGNUP: 'closed',
      HOME_REDIRECT_URL: 'https://example.com/about',
    });
    try {
      await t.api().get('/signup').set('Accept', 'text/html').expect(404);
      const home = await t.api().get('/').expect(302);
      expect(home.headers.location).toBe('https://example.com/about');
      const login = await t.api().get('/login').expect(200);
      expect(login.text).not.toContain('href="/signup"');
    } finally {
      await t.close();
    }
  });
});
