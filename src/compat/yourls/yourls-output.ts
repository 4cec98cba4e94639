import type { Response } from 'express';

/** What a YOURLS API call answers: the fields, and the line `format=simple` prints. */
export interface YourlsResult {
  body: Record<string, unknown>;
  simple: string;
}

export const YOURLS_FORMATS = ['simple', 'json', 'jsonp', 'xml'] as const;
export type YourlsFormat = (typeof YOURLS_FORMATS)[number];

/**
 * A JavaScript name or a path of them, dotted or bracketed (`cb.done`, `__yourls123_jsonp[4]`):
 * the callback of a JSONP answer runs in the caller's page, so nothing that could end the call.
 */
const CALLBACK = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[(?:\d+|[A-Za-z_$][\w$]*)\])*$/;

/** YOURLS's HTTP status: `statusCode`, else `errorCode`, else 200. */
const statusOf = (body: Record<string, unknown>): number =>
  Number(body.statusCode ?? body.errorCode ?? 200);

export function sendYourls(
  res: Response,
  format: YourlsFormat,
  result: YourlsResult,
  callback?: string,
): void {
  res.status(statusOf(result.body));
  if (format === 'json') {
    res.type('application/json').send(JSON.stringify(result.body));
  } else if (format === 'jsonp') {
    const name =
      callback && CALLBACK.test(callback) && callback.length <= 128 ? callback : 'yourls';
    res
      .type('application/javascript')
      .set('X-Content-Type-Options', 'nosniff')
      .send(`${name}(${JSON.stringify({ ...result.body, callback: name })})`);
  } else if (format === 'xml') {
    res
      .type('application/xml')
      .send(`<?xml version="1.0" encoding="UTF-8"?>\n<result>${toXml(result.body)}</result>`);
  } else {
    res.type('text/plain; charset=utf-8').send(result.simple);
  }
}

function toXml(value: Record<string, unknown>): string {
  return Object.entries(value)
    .map(([k, v]) => {
      const inner =
        v !== null && typeof v === 'object'
          ? toXml(v as Record<string, unknown>)
          : escapeXml(typeof v === 'string' || typeof v === 'number' ? String(v) : '');
      return `<${k}>${inner}</${k}>`;
    })
    .join('');
}

/** Escaped, and without what XML 1.0 cannot carry at all (rows stored before titles were checked). */
const escapeXml = (s: string): string =>
  s
    // eslint-disable-next-line no-control-regex -- what XML 1.0 forbids is control characters
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu, '')
    .replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
