import { VisitEvents } from '../../../src/analytics/capture/visit-events';
import { VisitRecorder } from '../../../src/analytics/capture/visit-recorder';
import { AccountsService } from '../../../src/auth/accounts.service';
import { ModerationService } from '../../../src/admin/moderation.service';
import { EventDispatcher } from '../../../src/events/dispatch/event-dispatcher';
import { EventHistory } from '../../../src/outbox/event-history';
import { WebhookSubscriptions } from '../../../src/events/webhooks/webhook-subscriptions';
import { TextsRepository } from '../../../src/texts/texts.repository';
import { createAccount, TestAccount } from '../../factories/account.factory';
import { TestApp } from '../../utils/create-test-app';
import { BROWSER, HOST, idOf, shareRequests } from '../../utils/requests';
import { appWithTwoAccounts } from '../../utils/suite';

describe('The outbox: one event per committed change', () => {
  let t: TestApp;
  let a: TestAccount;
  let b: TestAccount;
  appWithTwoAccounts({}, (s) => ({ t, a, b } = s));
  const { shorten, share, upload } = shareRequests(
    () => t,
    () => a,
  );

  /** The account's events since `after` (an event id), oldest first. */
  const eventsOf = async (who: { id: number }) =>
    (await t.app.get(EventHistory).list({ accountId: who.id }, 1, 500)).reverse();

  /** What happened from here on: call the returned function to read the new events. */
  const watch = async (who: { id: number }) => {
    const seen = (await eventsOf(who)).length;
    return async () => (await eventsOf(who)).slice(seen);
  };

  const typesOf = (events: { type: string }[]) => events.map((e) => e.type);

  it('should record a link created, updated and deleted once each, with the link as the API shows it', async () => {
    const next = await watch(a);
    const made = await shorten({ target_url: 'https://example.com/a', custom_slug: 'ev1' });
    expect(made.status).toBe(200);
    const id = idOf(made);
    await t.api().patch(`/api/v1/links/${id}`).set(a.auth).send({ title: 'Hello' }).expect(200);
    const shown = (await t.api().get(`/api/v1/links/${id}`).set(a.auth)).body.data;
    await t.api().delete(`/api/v1/links/${id}`).set(a.auth).expect(200);
    const events = await next();
    expect(typesOf(events)).toEqual(['link.created', 'link.updated', 'link.deleted']);
    const [created, updated, deleted] = events;
    expect(JSON.parse(created.data)).toMatchObject({
      id,
      slug: 'ev1',
      target_url: 'https://example.com/a',
      title: null,
    });
    expect(JSON.parse(updated.data)).toEqual(shown);
    expect(JSON.parse(deleted.data)).toMatchObject({ id, title: 'Hello' });
    for (const e of events) {
      expect(e).toMatchObject({
        accountId: a.id,
        resourceType: 'link',
        resourceId: String(id),
        actorType: 'token',
      });
      expect(e.eventId).toMatch(/^evt_[\w-]{20}$/);
    }
    // S.EE's own path, our own API.
    expect(events.map((e) => e.client)).toEqual(['see', 'api', 'api']);
  });

  it('should record texts: created, updated, deleted, and read once', async () => {
    const next = await watch(a);
    const made = await share({ content: 'hello', text_type: 'plain_text', custom_slug: 'evt1' });
    const id = idOf(made);
    await t.api().patch(`/api/v1/texts/${id}`).set(a.auth).send({ content: 'hi' }).expect(200);
    await t.api().delete(`/api/v1/texts/${id}`).set(a.auth).expect(200);
    await share({
      content: 'once',
      text_type: 'plain_text',
      burn_after_read: true,
      custom_slug: 'evt2',
    });
    await t
      .api()
      .post('/evt2/reveal')
      .set('Host', HOST)
      .set('User-Agent', BROWSER)
      .set('Accept', 'text/html')
      .expect(200);
    const events = await next();
    expect(typesOf(events)).toEqual([
      'text.created',
      'text.updated',
      'text.deleted',
      'text.created',
      'text.read_once',
    ]);
    // A text's events carry it as GET /api/v1/texts/:id shows it.
    expect(JSON.parse(events[0].data)).toMatchObject({
      id,
      kind: 'text',
      text_type: 'plain_text',
      content: 'hello',
      size: 5,
      burn_after_read: false,
    });
    expect(JSON.parse(events[1].data)).toMatchObject({ content: 'hi', size: 2 });
    // Nobody signed in consumed it: a reader of the public page.
    expect(events[4]).toMatchObject({ actorType: 'system', actorId: null, client: 'browser' });
  });

  it('should record files and bundles', async () => {
    const next = await watch(a);
    const up = await upload(Buffer.from('hello file'), 'a.txt').expect(200);
    const fileId = up.body.data.file_id as number;
    const [uploaded] = (await next()).slice(-1);
    // The upload's event carries the file record as the upload answered it.
    expect(JSON.parse(uploaded.data)).toMatchObject({
      id: fileId,
      kind: 'file',
      file: up.body.data,
    });
    await t
      .api()
      .patch(`/api/v1/files/${fileId}`)
      .set(a.auth)
      .send({ is_private: true })
      .expect(200);
    const bundle = await t
      .api()
      .post('/api/v1/bundles')
      .set(a.auth)
      .send({ file_ids: [fileId], title: 'B' });
    expect(bundle.status).toBe(201);
    const bundleId = bundle.body.data.id as number;
    await t.api().delete(`/api/v1/bundles/${bundleId}/files/${fileId}`).set(a.auth).expect(200);
    await t.api().delete(`/api/v1/bundles/${bundleId}`).set(a.auth).expect(200);
    await t.api().delete(`/api/v1/links/${fileId}`).set(a.auth).expect(200);
    expect(typesOf(await next())).toEqual([
      'file.uploaded',
      'file.updated',
      'bundle.created',
      'bundle.updated',
      'bundle.deleted',
      'file.deleted',
    ]);
  });

  it('should record bio pages', async () => {
    const next = await watch(a);
    const made = await t
      .api()
      .post('/api/v1/bio')
      .set(a.auth)
      .send({ title: 'Me', custom_slug: 'evbio' })
      .expect(200);
    const id = made.body.data.bio_page_id as number;
    await t.api().put('/api/v1/bio').set(a.auth).send({ id, title: 'Me too' }).expect(200);
    await t.api().delete('/api/v1/bio').set(a.auth).send({ id }).expect(200);
    expect(typesOf(await next())).toEqual(['bio.created', 'bio.updated', 'bio.deleted']);
  });

  it('should record an admin taking a share down and restoring it, as the admin', async () => {
    const next = await watch(a);
    const id = idOf(await shorten({ target_url: 'https://example.com/td' }));
    const moderation = t.app.get(ModerationService);
    await moderation.takeDown(id, 'spam');
    await moderation.restore(id);
    const events = await next();
    expect(typesOf(events)).toEqual(['link.created', 'share.taken_down', 'share.restored']);
    expect(JSON.parse(events[1].data)).toMatchObject({ id, reason: 'spam' });
  });

  it("should record the account's own changes and its security events", async () => {
    const c = await createAccount(t);
    const next = await watch(c);
    const accounts = t.app.get(AccountsService);
    await accounts.setPlan(c.email, 'pro', null);
    await accounts.setDisabled(c.id, new Date());
    await accounts.setDisabled(c.id, null);
    await t
      .api()
      .post('/api/v1/auth/login')
      .send({ email: c.email, password: c.password })
      .expect(200);
    const events = await next();
    expect(typesOf(events)).toEqual([
      'account.updated',
      'account.disabled',
      'account.enabled',
      'account.login',
    ]);
    expect(JSON.parse(events[0].data)).toMatchObject({ id: c.id, plan: 'pro', disabled: false });
    expect(typesOf(await eventsOf(c))[0]).toBe('account.created');
  });

  it('should record nothing for a change that was rolled back', async () => {
    const next = await watch(a);
    const texts = t.app.get(TextsRepository);
    const failing = jest.spyOn(texts, 'insert').mockRejectedValueOnce(new Error('forced failure'));
    const res = await share({ content: 'never', text_type: 'plain_text', custom_slug: 'evfail' });
    expect(res.status).toBe(500);
    failing.mockRestore();
    expect(await next()).toEqual([]);
    await t.api().get('/evfail').set('Host', HOST).expect(404);
    // A refused creation (a taken slug) leaves nothing either.
    await shorten({ target_url: 'https://example.com/', custom_slug: 'evtaken' }).expect(200);
    await shorten({ target_url: 'https://example.com/', custom_slug: 'evtaken' }).expect(409);
    expect(typesOf(await next())).toEqual(['link.created']);
  });

  it("should keep one account's events from another", async () => {
    const nextB = await watch(b);
    await shorten({ target_url: 'https://example.com/only-a' }).expect(200);
    expect(await nextB()).toEqual([]);
  });

  it('should add up visits per share per minute, for accounts someone listens to', async () => {
    const id = idOf(await shorten({ target_url: 'https://example.com/v', custom_slug: 'evvisit' }));
    // Nobody listens yet: no visit events.
    const next = await watch(a);
    await t.api().get('/evvisit').set('Host', HOST).set('User-Agent', BROWSER).expect(302);
    await t.app.get(VisitRecorder).flush();
    await t.app.get(VisitEvents).flush(Infinity);
    expect(await next()).toEqual([]);
    const hook = await t
      .api()
      .post('/api/v1/webhooks')
      .set(a.auth)
      .send({ url: 'https://hooks.example.com/x', events: ['visit'] })
      .expect(201);
    for (let i = 0; i < 5; i++) {
      await t.api().get('/evvisit').set('Host', HOST).set('User-Agent', BROWSER).expect(302);
    }
    await t.api().get('/evvisit').set('Host', HOST).set('User-Agent', 'Googlebot/2.1').expect(302);
    await t.app.get(VisitRecorder).flush();
    // The minute is not over: nothing yet.
    await t.app.get(VisitEvents).flush();
    t.clock.advance(60_000);
    await t.app.get(VisitEvents).flush();
    const events = await next();
    expect(typesOf(events)).toEqual(['visit']);
    expect(JSON.parse(events[0].data)).toMatchObject({
      share_id: id,
      kind: 'redirect',
      visits: 6,
      bots: 1,
    });
    await t.api().delete(`/api/v1/webhooks/${hook.body.data.id}`).set(a.auth).expect(200);
  });

  it('should hand out at once the events of a pass the database refused', async () => {
    const subscriptions = t.app.get(WebhookSubscriptions);
    const refused = jest
      .spyOn(subscriptions, 'addDeliveries')
      .mockRejectedValueOnce(new Error('Lock wait timeout exceeded'));
    try {
      await shorten({ target_url: 'https://example.com/refused' }).expect(200);
      // Whichever pass meets the refusal (this one, or one woken by the new event)...
      await t.app
        .get(EventDispatcher)
        .drain()
        .catch(() => 0);
      expect(refused).toHaveBeenCalled();
      // ...its events are not held for the lease's minute.
      await t.app.get(EventDispatcher).drain();
      expect(await t.app.get(EventHistory).countPending()).toBe(0);
    } finally {
      refused.mockRestore();
    }
  });

  it('should hand every event out once (dispatched), with nothing left waiting', async () => {
    await shorten({ target_url: 'https://example.com/d' }).expect(200);
    await t.app.get(EventDispatcher).drain();
    const history = t.app.get(EventHistory);
    // Named, so that a failure tells which event was left.
    const left = (await history.list({}, 1, 500)).filter((e) => !e.dispatchedAt);
    expect(left.map((e) => `${e.id} ${e.type} ${e.occurredAt.toISOString()}`)).toEqual([]);
    expect(await history.countPending()).toBe(0);
  });
});
