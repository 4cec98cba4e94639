import type { IncomingHttpHeaders } from 'node:http';
import proxyAddr from 'proxy-addr';
import { Env } from '../../config/env';
import { trustProxySetting } from '../../config/trust-proxy';

export type Trust = (addr: string, i: number) => boolean;

/** TRUST_PROXY as proxy-addr's test; null: no proxy is trusted. */
export function compileTrust(trustProxy: Env['TRUST_PROXY']): Trust | null {
  const setting = trustProxySetting(trustProxy);
  if (typeof setting === 'boolean') return setting ? () => true : null;
  if (typeof setting === 'number') return (_: string, i: number) => i < setting;
  return proxyAddr.compile(setting);
}

/** The client's address as Express would see it under TRUST_PROXY. */
export function clientAddress(
  trust: Trust | null,
  remoteAddress: string | undefined,
  forwardedFor: string | undefined,
): string {
  if (!trust || !remoteAddress) return remoteAddress ?? '';
  const req = {
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers: { 'x-forwarded-for': forwardedFor },
  };
  return proxyAddr(req as unknown as Parameters<typeof proxyAddr>[0], trust);
}

/** A proxy's country header (CF-IPCountry and the like), when it names a country. */
export const countryHeaderValue = (header: string | undefined) =>
  header && /^[A-Za-z]{2}$/.test(header) && !/^(xx|t1)$/i.test(header)
    ? header.toUpperCase()
    : null;

/** A header's first value (Node gives some as lists). */
export const oneHeader = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/** What a proxy says of the client's country, as sent (checked by countryHeaderValue). */
export const countryHeaderOf = (headers: IncomingHttpHeaders) =>
  oneHeader(headers['cf-ipcountry']) ??
  oneHeader(headers['cloudfront-viewer-country']) ??
  oneHeader(headers['x-vercel-ip-country']);
