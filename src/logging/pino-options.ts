import pino, { Logger as Pino, LevelWithSilent } from 'pino';
import pretty from 'pino-pretty';
import { Env } from '../config/env';

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
