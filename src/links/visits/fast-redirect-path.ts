import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { captureVisit } from '../../analytics/raw-visit';
import { VisitRecorder } from '../../analytics/visit-recorder';
import { Clock } from '../../common/clock';
import { DomainsService } from '../../domains/domains.service';
import { ClickBuffer } from './click-buffer';
import { RedirectCache } from './redirect-cache';
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

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly domains: DomainsService,
    private readonly cache: RedirectCache,
    private readonly clicks: ClickBuffer,
    private readonly clock: Clock,
    private readonly recorder: VisitRecorder,
  ) {}

  /** Installs itself on the HTTP server (none in the CLI's application context). */
  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    const framework = server.listeners('request') as Listener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.tryServe(req, res)) for (const l of framework) l(req, res);
    });
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
}
