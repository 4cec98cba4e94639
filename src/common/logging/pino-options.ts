import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import pino, { Logger as Pino, LevelWithSilent } from 'pino';
import type { Options } from 'pino-http';
import pretty from 'pino-pretty';
import { Env } from '../../config/env';
import { redactUrl } from '../filters/all-exceptions.filter';

const LEVELS: Record<string, LevelWithSilent> = {
  error: 'error',
  warn: 'warn',
  log: 'info',
  debug: 'debug',
  verbose: 'trace',
};

/** Human lines on a terminal (or LOG_FORMAT=pretty), one JSON object per line otherwise. */
export const prettyLogs = (
  env: Pick<Env, 'LOG_FORMAT'>,
  stream: { isTTY?: boolean } = process.stdout,
): boolean => env.LOG_FORMAT === 'pretty' || (env.LOG_FORMAT === 'auto' && stream.isTTY === true);

export function createPino(env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>): Pino {
  const options = {
    level: LEVELS[env.LOG_LEVEL] ?? 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  // Written at once, as console.log does on Linux pipes: a line buffered when the process ends
  // on a signal (Nest re-raises SIGTERM after its hooks) would be lost.
  if (!prettyLogs(env)) return pino(options, pino.destination({ dest: 1, sync: true }));
  const stream = pretty({
    sync: true,
    colorize: process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,context,req,res,responseTime,requestId',
    messageFormat: '{if context}[{context}] {end}{msg}{if requestId} ({requestId}){end}',
  });
  return pino(options, stream);
}

const REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Request logs: one line per answered request, the token in `?signature=` redacted. The id is
 * the trusted proxy's `X-Request-Id` when it sent a sane one, else a new UUID; it is returned.
 */
export const httpLogOptions = (logger: Pino): Options => ({
  logger,
  quietReqLogger: true,
  customAttributeKeys: { reqId: 'requestId' },
  genReqId: (req: IncomingMessage, res: ServerResponse) => {
    const given = req.headers['x-request-id'];
    const id =
      typeof given === 'string' && REQUEST_ID.test(given) && fromTrustedProxy(req)
        ? given
        : randomUUID();
    res.setHeader('X-Request-Id', id);
    return id;
  },
  // The filter logs a failure's cause (with its error_id) at error level; the line is a warning.
  customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'warn' : 'info'),
  // pino-http makes up an Error with a stack for a 5xx answer; the status says it all.
  customErrorObject: (_req, _res, _err, value: Record<string, unknown>) => ({
    ...value,
    err: undefined,
  }),
  customSuccessMessage: (req, res, ms) =>
    `${req.method} ${redactUrl(originalUrl(req))} ${res.statusCode} ${Math.round(ms)}ms`,
  customErrorMessage: (req, res) =>
    `${req.method} ${redactUrl(originalUrl(req))} ${res.statusCode} failed`,
  serializers: {
    req: (req: { method: string; url: string; remoteAddress?: string }) => ({
      method: req.method,
      url: redactUrl(req.url),
    }),
    res: (res: { statusCode: number }) => ({ status: res.statusCode }),
  },
});

const originalUrl = (req: IncomingMessage) =>
  (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '';

/** Express's own `trust proxy` decides, as it does for `req.ip`. */
function fromTrustedProxy(req: IncomingMessage): boolean {
  const app = (req as IncomingMessage & { app?: { get(k: string): unknown } }).app;
  const trust = app?.get('trust proxy fn') as ((addr: string, i: number) => boolean) | undefined;
  return !!trust && trust(req.socket.remoteAddress ?? '', 0);
}
