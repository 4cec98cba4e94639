import type { Request } from 'express';
import { YOURLS_FORMATS, YourlsFormat } from './yourls-output';

/** YOURLS reads `$_REQUEST`: the query string and a form body, the body winning. */
export function paramsOf(req: Request): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  const body: unknown = req.body;
  for (const source of [req.query, typeof body === 'object' && body !== null ? body : {}]) {
    for (const [k, v] of Object.entries(source as Record<string, unknown>)) {
      if (typeof v === 'string') out[k] = v;
    }
  }
  return out;
}

export const formatOf = (v: string | undefined): YourlsFormat =>
  YOURLS_FORMATS.find((f) => f === v) ?? 'simple';
