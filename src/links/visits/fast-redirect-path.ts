import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost, ModuleRef } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { captureVisit } from '../../analytics/raw-visit';
import { isCountable } from '../../analytics/countable';
import { OrphanVisits } from '../../analytics/orphan-visits';
import { VisitRecorder } from '../../analytics/visit-recorder';
import { ErrorPages } from '../../common/filters/error-pages';
import { Clock } from '../../common/clock';
import { DomainsService } from '../../domains/domains.service';
import { ClickBuffer } from './click-buffer';
import { MISSING_STATUS, RedirectCache } from './redirect-cache';
import { NotFoundAnswer } from './send-not-found';
import { sendRedirect } from './send-redirect';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

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
  private notFound = new NotFoundAnswer();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly domains: DomainsService,
    private readonly cache: RedirectCache,
    private readonly clicks: ClickBuffer,
    private readonly clock: Clock,
    private readonly recorder: VisitRecorder,
    private readonly orphans: OrphanVisits,
    private readonly moduleRef: ModuleRef,
  ) {}

  /** Installs itself on the HTTP server (none in the CLI's application context). */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    // The public error page is the web module's (above this one): found, not imported.
    this.notFound = new NotFoundAnswer(this.errorPages());
    const framework = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.tryServe(req, res)) for (const l of framework) l(req, res);
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
    if (domainId === undefined) return false;
    const hit = this.cache.get(domainId, path.slice(1));
    if (!hit || hit.validUntilMs <= this.clock.now()) return false;
    if (hit.status === MISSING_STATUS) return this.serveMissing(req, res, domainId, path);
    if (method === 'GET') {
      this.clicks.record(hit.linkId);
      if (this.recorder.enabled) {
        const link = { id: hit.linkId, accountId: hit.accountId, domainId, kind: 'redirect' };
        const at = this.clock.now();
        this.recorder.record(captureVisit(link, req.headers, req.socket.remoteAddress, url, at));
      }
    }
    sendRedirect(res, hit.status, hit.location);
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
    else this.notFound.send(req, res);
    this.hits++;
    return true;
  }
}
