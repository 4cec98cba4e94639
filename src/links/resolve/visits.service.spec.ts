import { Tombstones } from '../tombstones/tombstones';
import { OrphanVisits } from '../../analytics/capture/orphan-visits';
import { VisitRecorder } from '../../analytics/capture/visit-recorder';
import { Clock } from '../../common/clock';
import { Env } from '../../config/env';
import { DomainsService } from '../../domains/domains.service';
import { RedisService } from '../../redis/redis.service';
import { Link } from '../link.entity';
import { LinksRepository } from '../links.repository';
import { ThrottlerStorageService } from '@nestjs/throttler';
import { LinkPasswordCookie } from './link-password';
import { LinkPasswordThrottle } from './link-password-throttle';
import { RedirectCache } from './redirect-cache';
import { VisitRequest, VisitsService } from './visits.service';
import { VisitRouting } from './visit-routing';
import { VisitorSignals } from '../../analytics/capture/visitor-signals';

const keys = {
  generateKey: (_ctx: unknown, tracker: string, name: string) => `${name}:${tracker}`,
};

const NOW = Date.UTC(2026, 0, 1);
const link = (over: Partial<Link> = {}) =>
  ({
    id: 5,
    domainId: 1,
    slug: 'abc',
    kind: 'redirect',
    targetUrl: 'https://example.com/',
    redirectCode: 302,
    passwordHash: null,
    expireAt: null,
    expirationRedirectUrl: null,
    maxVisits: null,
    rules: null,
    variants: null,
    utm: null,
    forwardQuery: false,
    healthStatus: 'unchecked',
    fallbackUrl: null,
    ...over,
  }) as Link;

function setup(found: Link | null) {
  const clock: Clock = { now: () => NOW };
  const redis = { subscribe: () => undefined, publish: () => undefined } as unknown as RedisService;
  const env = { REDIRECT_CACHE_SIZE: 10, REDIRECT_CACHE_TTL_SECONDS: 60 } as Env;
  const cache = new RedirectCache(env, redis, clock);
  const recorder = { record: jest.fn() };
  const visits = new VisitsService(
    { getBySlug: jest.fn().mockResolvedValue(found) } as unknown as LinksRepository,
    { forRequest: () => ({ id: 1 }), settingsOf: () => undefined } as unknown as DomainsService,
    cache,
    new LinkPasswordCookie({ AUTH_COOKIE_SECRET: 'k' } as Env),
    new LinkPasswordThrottle(new ThrottlerStorageService(), keys),
    clock,
    recorder as unknown as VisitRecorder,
    { record: jest.fn() } as unknown as OrphanVisits,
    { at: jest.fn().mockResolvedValue(null) } as unknown as Tombstones,
    new VisitRouting(
      new VisitorSignals({ TRUST_PROXY: false } as Env),
      recorder as unknown as VisitRecorder,
    ),
  );
  return { visits, cache, recorder };
}

const req = (over: Partial<VisitRequest> = {}): VisitRequest => ({
  headers: { 'user-agent': 'UA', referer: 'https://ref.example/x' },
  remoteAddress: '1.2.3.4',
  url: '/abc?qr=1',
  host: 'localhost:3000',
  slug: 'abc',
  ip: '1.2.3.4',
  cookies: undefined,
  password: undefined,
  countable: true,
  ...over,
});

describe('VisitsService', () => {
  it('should redirect, count the visit, and cache an unprotected redirect', async () => {
    const { visits, cache, recorder } = setup(link());
    expect(await visits.visit(req(), false)).toEqual({
      type: 'redirect',
      status: 302,
      location: 'https://example.com/',
    });
    expect(recorder.record).toHaveBeenCalledWith(
      expect.objectContaining({ linkId: 5, at: NOW, userAgent: 'UA', qr: true }),
    );
    expect(cache.get(1, 'abc')).toMatchObject({ linkId: 5, validUntilMs: NOW + 60_000 });
  });

  it('should not count a HEAD', async () => {
    const { visits, recorder } = setup(link());
    await visits.visit(req({ countable: false }), false);
    expect(recorder.record).not.toHaveBeenCalled();
  });

  it('should answer an expired link with 410, or its expiration redirect', async () => {
    const past = new Date(NOW - 1);
    await expect(setup(link({ expireAt: past })).visits.visit(req(), false)).rejects.toMatchObject({
      status: 410,
      code: 'gone',
    });
    const moved = link({ expireAt: past, expirationRedirectUrl: 'https://example.com/gone' });
    expect(await setup(moved).visits.visit(req(), false)).toMatchObject({
      location: 'https://example.com/gone',
    });
  });

  it('should lock a link with a password and never cache it', async () => {
    const { visits, cache } = setup(link({ passwordHash: 'scrypt$x' }));
    expect(await visits.visit(req(), false)).toMatchObject({
      type: 'locked',
      wrongPassword: false,
    });
    expect(cache.size).toBe(0);
  });

  it('should hand the content of a text or file link back, uncached and not yet counted', async () => {
    const { visits, cache, recorder } = setup(link({ kind: 'text', targetUrl: null }));
    expect(await visits.visit(req(), false)).toMatchObject({ type: 'content', countable: true });
    expect(cache.size).toBe(0);
    // Whoever shows the content counts it, once it is shown (a private file's 404 is no visit).
    expect(recorder.record).not.toHaveBeenCalled();
  });

  it('should answer the raw view of a redirect with 404, uncounted', async () => {
    const { visits, recorder } = setup(link());
    await expect(visits.visit(req({ raw: true }), false)).rejects.toMatchObject({ status: 404 });
    expect(recorder.record).not.toHaveBeenCalled();
  });

  it('should answer 404 for an unknown or malformed slug', async () => {
    await expect(setup(null).visits.visit(req(), false)).rejects.toMatchObject({ status: 404 });
    const bad = setup(link()).visits.visit(req({ slug: '../etc' }), false);
    await expect(bad).rejects.toMatchObject({ status: 404 });
  });
});
