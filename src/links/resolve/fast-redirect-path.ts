import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { captureVisit } from '../../analytics/capture/raw-visit';
import { isCountable } from '../../analytics/capture/countable';
import { OrphanVisits } from '../../analytics/capture/orphan-visits';
import { VisitRecorder } from '../../analytics/capture/visit-recorder';
import { ErrorPages } from '../../common/filters/error-pages';
import { isReservedSlug, SLUG_PATTERN } from '../../common/slug';
import { LinksRepository } from '../links.repository';
import { Clock } from '../../common/clock';
import { DomainsService } from '../../domains/domains.service';
import { GONE_STATUS, HELD_STATUS, MISSING_STATUS, RedirectCache } from './redirect-cache';
import { CannedErrors } from './canned-errors';
import { EXPIRED } from './expired';
import type { LinkKind } from '../link.entity';
import { sendRedirect } from './send-redirect';
import { VisitRouting } from './visit-routing';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
const NOT_FOUND = 'Link not found';

/**
 * Puts the redirect cache in front of Express itself: the server's request listener answers
 * known, unprotected, unexpired links (VisitsService decides what is cached) and hands every
 * other request to the framework untouched. Express alone costs more than half of the runtime's
 * redirect throughput, so the hot path must not enter it.
 */
@Injectable()
export class FastRedirectPath implements OnApplicationBootstrap {
  private readonly logger = new Logger(FastRedirectPath.name);
  /** Redirects answered here, without the framework. */
  hits = 0;
  private framework: Listener[] = [];
  private errors = new CannedErrors();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly domains: DomainsService,
    private readonly cache: RedirectCache,
    private readonly clock: Clock,
    private readonly recorder: VisitRecorder,
    private readonly orphans: OrphanVisits,
    private readonly moduleRef: ModuleRef,
    private readonly links: LinksRepository,
    private readonly routing: VisitRouting,
  ) {}

  /** Installs itself on the HTTP server (none in the CLI's application context). */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    // The public error page is the web module's (above this one): found, not imported.
    this.errors = new CannedErrors(this.errorPages());
    this.framework = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.tryServe(req, res)) this.handOver(req, res);
    });
  }

  private errorPages(): ErrorPages | undefined {
    try {
      return this.moduleRef.get(ErrorPages, { strict: false });
    } catch {
      return undefined; // an app without the public pages: the envelope for everyone
    }
  }

  /** True when it answered; on any error the framework answers instead. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean {
    try {
      return this.serve(req, res);
    } catch (e) {
      this.logger.warn(`fast path fell back to the framework: ${String(e)}`);
      if (!res.headersSent) return false;
      res.destroy();
      return true;
    }
  }

  private serve(req: IncomingMessage, res: ServerResponse): boolean {
    const method = req.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    if (path.length < 2 || path.indexOf('/', 1) !== -1) return false;
    const domainId = this.domains.forRequest(req.headers.host)?.id;
    const slug = path.slice(1);
    if (domainId === undefined) return this.serveUnknownHost(req, res, slug);
    const hit = this.cache.get(domainId, slug);
    if (!hit) {
      const mark = this.cache.mark(domainId, slug);
      if (mark?.status === MISSING_STATUS) return this.serveMissing(req, res, domainId, path);
      if (mark?.status === GONE_STATUS) return this.serveGone(req, res, mark.kind!);
      if (mark?.status === HELD_STATUS || !SLUG_PATTERN.test(slug) || isReservedSlug(slug)) {
        return false;
      }
      void this.probe(req, res, domainId, path);
      return true;
    }
    const now = this.clock.now();
    if (hit.validUntilMs <= now) return false;
    let location = hit.location;
    let variant: string | null = null;
    if (hit.routing) {
      const routed = this.routing.route(hit, req.headers, req.socket.remoteAddress, url, now);
      location = routed.location;
      variant = routed.variant;
    }
    if (method === 'GET' && this.recorder.enabled) {
      const link = {
        id: hit.linkId,
        accountId: hit.accountId,
        domainId,
        kind: 'redirect',
        utm: hit.utm,
      };
      const remote = req.socket.remoteAddress;
      this.recorder.record(captureVisit(link, req.headers, remote, url, now, variant));
    }
    sendRedirect(res, hit.status, location, hit.routing?.vary);
    this.hits++;
    return true;
  }

  private handOver(req: IncomingMessage, res: ServerResponse): void {
    for (const l of this.framework) l(req, res);
  }

  /**
   * An address the cache knows nothing of: one indexed probe; held by nothing, it is answered
   * here (and known from now on), else the framework serves it (and caches a redirect). A flood of
   * random slugs never enters the framework, its exception pipeline or its error page.
   */
  private async probe(req: IncomingMessage, res: ServerResponse, domainId: number, path: string) {
    let taken: boolean;
    try {
      taken = await this.links.slugTaken(domainId, path.slice(1));
    } catch {
      return this.handOver(req, res); // the database is away: the framework answers that (503)
    }
    if (taken) {
      // A redirect the framework caches replaces this mark; a page keeps it (no probe again).
      this.cache.setHeld(domainId, path.slice(1));
      return this.handOver(req, res);
    }
    this.cache.setMissing(domainId, path.slice(1));
    this.serveMissing(req, res, domainId, path);
  }

  /**
   * A host that is no domain of ours (an unverified or removed custom domain, a stray DNS
   * record): every short address there is a 404, answered here as the framework would, without
   * entering it. Anything else (paths of the account area, the API) goes on to the framework.
   */
  private serveUnknownHost(req: IncomingMessage, res: ServerResponse, slug: string): boolean {
    if (!SLUG_PATTERN.test(slug) || isReservedSlug(slug)) return false;
    this.errors.send(req, res, 404, 'not_found', NOT_FOUND);
    this.hits++;
    return true;
  }

  /** A share known to be past its expiry: its 410, as the framework words it. */
  private serveGone(req: IncomingMessage, res: ServerResponse, kind: LinkKind): boolean {
    this.errors.send(req, res, 410, 'gone', EXPIRED[kind], { state: 'expired' });
    this.hits++;
    return true;
  }

  /** An address known to hold nothing: the domain's own "not found" redirect, or the 404. */
  private serveMissing(req: IncomingMessage, res: ServerResponse, domainId: number, path: string) {
    if (isCountable(req.method!, req.headers.range)) {
      this.orphans.record(domainId, path, req.headers['user-agent']);
    }
    const elsewhere = this.domains.settingsOf(domainId)?.notFoundRedirectUrl;
    if (elsewhere) sendRedirect(res, 302, elsewhere);
    else this.errors.send(req, res, 404, 'not_found', NOT_FOUND);
    this.hits++;
    return true;
  }
}
