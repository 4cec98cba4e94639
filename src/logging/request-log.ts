import type { IncomingMessage } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger as Pino } from 'pino';
import { redactUrl } from '../common/filters/all-exceptions.filter';
import { RequestsInFlight } from '../common/requests-in-flight';

const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * One pino line per request, `GET /api/v1/links 200 3ms`, with its `requestId`: the trusted
 * proxy's `X-Request-Id` when it sent a sane one, else a new UUID; it is returned, and set as
 * `req.id` for the exception filter's lines. 5xx answers are warnings. pino-http did the same
 * with two child loggers, a request serializer and three listeners per request: ~120 us of a
 * ~1 ms link creation here (docs/performance.md).
 */
export function requestLog(logger: Pino): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    const requestId = requestIdOf(req);
    (req as Request & { id?: string }).id = requestId;
    res.setHeader('X-Request-Id', requestId);
    RequestsInFlight.count++;
    // 'close' comes last, whether the answer was sent in full or the client went away first.
    res.once('close', () => {
      RequestsInFlight.count--;
      const failed = res.statusCode >= 500;
      const level = failed ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const ms = Math.round(performance.now() - started);
      const url = redactUrl(req.originalUrl);
      const what = `${req.method} ${url} ${res.statusCode}`;
      const outcome = failed
        ? 'failed'
        : res.writableFinished
          ? `${ms}ms`
          : `cut off after ${ms}ms`;
      logger[level](
        {
          requestId,
          req: { method: req.method, url },
          res: { status: res.statusCode },
          responseTime: ms,
        },
        `${what} ${outcome}`,
      );
    });
    next();
  };
}

function requestIdOf(req: Request): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) && fromTrustedProxy(req)
    ? given
    : randomUUID();
}

/** Express's own `trust proxy` decides, as it does for `req.ip`. */
function fromTrustedProxy(req: IncomingMessage): boolean {
  const app = (req as IncomingMessage & { app?: { get(k: string): unknown } }).app;
  const trust = app?.get('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  return !!trust && trust(req.socket.remoteAddress ?? '', 0);
}
