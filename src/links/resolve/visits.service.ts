import { Injectable } from '@nestjs/common';
import { verifyPassword } from '../../auth/password';
import type { IncomingHttpHeaders } from 'node:http';
import { OrphanVisits } from '../../analytics/capture/orphan-visits';
import { captureVisit } from '../../analytics/capture/raw-visit';
import { VisitRecorder } from '../../analytics/capture/visit-recorder';
import { Clock } from '../../common/clock';
import { DomainError, notFound } from '../../common/errors/domain-error';
import { SLUG_PATTERN } from '../../common/slug';
import { DomainsService } from '../../domains/domains.service';
import { Link } from '../link.entity';
import { LinksRepository } from '../links.repository';
import { LinkPasswordCookie } from './link-password';
import { LinkPasswordThrottle } from './link-password-throttle';
import { cacheableRedirect, RedirectCache } from './redirect-cache';
import { Tombstones } from '../tombstones/tombstones';
import { EXPIRED } from './expired';
import { compileRedirect, VisitRouting } from './visit-routing';

export interface VisitRequest {
  host: string | undefined;
  slug: string;
  ip: string;
  cookies: string | undefined;
  /** From `X-Link-Password` (API clients) or the unlock form. */
  password: string | undefined;
  countable: boolean;
  /** `/<slug>/raw`: only texts and files have raw bytes. */
  raw?: boolean;
  /** `POST /<slug>/reveal`: only texts are revealed. */
  reveal?: boolean;
  /** `/<slug>/zip`: only bundles are zipped. */
  zip?: boolean;
  /** What the visit record needs of the request (headers, peer address, URL). */
  headers: IncomingHttpHeaders;
  remoteAddress: string | undefined;
  url: string;
}

export type VisitSource = Pick<VisitRequest, 'headers' | 'remoteAddress' | 'url'>;

export type Visit =
  | { type: 'redirect'; status: number; location: string; vary?: string | null }
  | { type: 'locked'; link: Link; wrongPassword: boolean }
  | { type: 'unlocked'; link: Link; cookie: string }
  /** Counted by whoever shows the content, once it is known to be shown (`record`). */
  | { type: 'content'; link: Link; countable: boolean };

/** Why a share answers 410, in the envelope's data (the public pages word each state). */
export type GoneState = 'expired' | 'taken_down' | 'read' | 'limit';
export const gone = (state: GoneState, message: string, reason?: string) =>
  new DomainError(410, 'gone', message, { state, ...(reason && { reason }) });
/** A one-time text someone has read: its address says so (a tombstone) instead of a 404. */
export const readAndDeleted = () => gone('read', 'This text was read and deleted');

/** A share taken down (or whose account was disabled) answers 410 with the reason. */
export function assertNotBlocked(link: Pick<Link, 'blockedReason'>): void {
  if (link.blockedReason) {
    const reason = link.blockedReason;
    throw gone('taken_down', `This share was taken down: ${reason}`, reason);
  }
}

/** What a visit to `/<slug>` gets: a redirect, a password form, or the link's content. */
@Injectable()
export class VisitsService {
  constructor(
    private readonly links: LinksRepository,
    private readonly domains: DomainsService,
    private readonly cache: RedirectCache,
    private readonly cookie: LinkPasswordCookie,
    private readonly throttle: LinkPasswordThrottle,
    private readonly clock: Clock,
    private readonly recorder: VisitRecorder,
    private readonly orphans: OrphanVisits,
    private readonly tombstones: Tombstones,
    private readonly routing: VisitRouting,
  ) {}

  async visit(r: VisitRequest, secure: boolean, unlocking = false): Promise<Visit> {
    const link = await this.find(r);
    if ('location' in link) return link;
    if (r.raw && (link.kind === 'redirect' || link.kind === 'bio' || link.kind === 'bundle')) {
      throw notFound('Link');
    }
    if (r.zip && link.kind !== 'bundle') throw notFound('Link');
    if (r.reveal && link.kind !== 'text') throw notFound('Link');
    assertNotBlocked(link);
    if (link.expireAt && link.expireAt.getTime() <= this.clock.now()) {
      if (link.expirationRedirectUrl) {
        return { type: 'redirect', status: 302, location: link.expirationRedirectUrl };
      }
      // From now on the fast path answers this address itself (a change of the share drops it).
      this.cache.setGone(link.domainId, link.slug, link.kind);
      throw gone('expired', EXPIRED[link.kind]);
    }
    if (link.passwordHash && !this.cookie.isValid(link, r.cookies)) {
      if (r.password === undefined) return { type: 'locked', link, wrongPassword: false };
      if (!(await this.checkPassword(link, r.password, r.ip))) {
        if (unlocking) return { type: 'locked', link, wrongPassword: true };
        throw new DomainError(401, 'password_required', 'Wrong link password');
      }
      if (unlocking)
        return { type: 'unlocked', link, cookie: this.cookie.issue(link, secure).header };
    }
    if (!(await this.withinLimit(link, r))) {
      if (link.expirationRedirectUrl) {
        return { type: 'redirect', status: 302, location: link.expirationRedirectUrl };
      }
      throw gone('limit', 'This link reached its visit limit');
    }
    if (link.kind !== 'redirect') return { type: 'content', link, countable: r.countable };
    const now = this.clock.now();
    const cacheable = cacheableRedirect(link, now);
    const compiled = cacheable ?? compileRedirect(link);
    const routed = this.routing.route(compiled, r.headers, r.remoteAddress, r.url, now);
    if (r.countable) this.record(link, r, routed.variant);
    if (cacheable) this.cache.set(link.domainId, link.slug, cacheable, link.expireAt);
    const vary = compiled.routing?.vary;
    return { type: 'redirect', status: link.redirectCode, location: routed.location, vary };
  }

  /**
   * A share with a visit limit takes one visit of it, by a conditional update (exact under any
   * concurrency); bots, HEAD requests and a one-time text's reveal only look at what is left.
   */
  private async withinLimit(link: Link, r: VisitRequest): Promise<boolean> {
    if (link.maxVisits === null) return true;
    if (!r.countable || r.reveal || this.routing.isBot(r.headers)) {
      return link.visitsTaken < link.maxVisits;
    }
    return this.links.takeVisit(link.id);
  }

  /** The share at an address, whatever its state (its QR code is printed before and after). */
  async lookup(host: string | undefined, slug: string): Promise<Link> {
    const domain = this.domains.forRequest(host);
    const link = domain && (await this.linkAt(domain.id, slug));
    if (!link) throw notFound('Link');
    return link;
  }

  private linkAt(domainId: number, slug: string): Promise<Link | null> {
    return SLUG_PATTERN.test(slug) ? this.links.getBySlug(domainId, slug) : Promise.resolve(null);
  }

  /** Counts a visit: a redirect's, a page's once shown, a file's bytes at `/u/...`. */
  record(link: Link, r: VisitSource, variant: string | null = null): void {
    const at = this.clock.now();
    this.recorder.record(captureVisit(link, r.headers, r.remoteAddress, r.url, at, variant));
  }

  /** The link at the address, or where the domain sends unknown slugs; else a 404. */
  private async find(r: VisitRequest): Promise<Link | Extract<Visit, { type: 'redirect' }>> {
    const domain = this.domains.forRequest(r.host);
    if (!domain) throw notFound('Link');
    const missing = this.cache.isMissing(domain.id, r.slug);
    const link = missing ? null : await this.linkAt(domain.id, r.slug);
    if (link) return link;
    if (!missing && SLUG_PATTERN.test(r.slug)) {
      // Never marked missing: the fast path would answer 404 where "read and deleted" is meant.
      if (await this.tombstones.at(domain.id, r.slug)) throw readAndDeleted();
      // The next visit there is answered by the fast path, without the database or the framework.
      this.cache.setMissing(domain.id, r.slug);
    }
    if (r.countable) this.orphans.record(domain.id, `/${r.slug}`, r.headers['user-agent']);
    const elsewhere = this.domains.settingsOf(domain.id)?.notFoundRedirectUrl;
    if (elsewhere) return { type: 'redirect', status: 302, location: elsewhere };
    throw notFound('Link');
  }

  private async checkPassword(link: Link, password: string, ip: string): Promise<boolean> {
    const wait = await this.throttle.attempt(ip, link.id);
    if (wait > 0) {
      const message = `Too many wrong passwords; try again in ${wait} s`;
      throw new DomainError(429, 'rate_limited', message, { retry_after: wait });
    }
    return verifyPassword(password, link.passwordHash!);
  }
}
