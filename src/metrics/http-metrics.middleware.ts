import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { Metrics } from './metrics';

const REDIRECT = new Set([301, 302, 303, 307, 308]);

/** Times every request the framework answers, by its route pattern (never the raw path). */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: Metrics) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const start = process.hrtime.bigint();
    res.on('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? 'unmatched';
      const status = res.statusCode;
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      this.metrics.requests.inc({ method: req.method, route, status });
      this.metrics.latency.observe({ method: req.method, route }, seconds);
      if (route === '/:slug' && REDIRECT.has(status)) this.metrics.frameworkRedirects++;
      if (status >= 400 && isUpload(req)) {
        const reason = (res.locals as { errorCode?: string }).errorCode ?? `http_${status}`;
        this.metrics.uploadFailures.inc({ reason });
      }
    });
    next();
  }
}

/** A multipart POST (form, SM.MS, the spec's `/file`) or a resumable upload's request. */
const isUpload = (req: Request) =>
  (req.method === 'POST' && req.is('multipart/form-data') === 'multipart/form-data') ||
  req.originalUrl.startsWith('/api/v1/file/large-file');
