import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, LookupFunction } from 'node:net';
import { isBlockedAddress } from './blocked-addresses';

export interface OutboundRequest {
  url: string;
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange, connection to last byte (default 10 s). */
  timeoutMs?: number;
  /** Bytes of the answer kept; the rest is not read (default 64 KiB). */
  maxResponseBytes?: number;
  /** Private, loopback and link-local addresses allowed (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
}

export interface OutboundResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The answer's first `maxResponseBytes`. */
  body: Buffer;
  /** True when the answer was longer than what was kept. */
  truncated: boolean;
  durationMs: number;
}

export type OutboundFailure = 'bad_url' | 'blocked_address' | 'timeout' | 'network' | 'too_large';

/** Why a fetch of a user-given address did not get an answer. */
export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The one way the service fetches an address a user gave (webhooks, files from a URL): http(s)
 * only; every address the name resolves to checked, and the connection made to the checked one
 * (no second lookup to rebind); redirects answered, not followed; a time limit on the whole
 * exchange; the answer read only up to a bound.
 */
export async function safeRequest(req: OutboundRequest): Promise<OutboundResponse> {
  const url = checkedUrl(req.url, req.allowPrivate);
  const started = performance.now();
  const limit = req.maxResponseBytes ?? 65_536;
  const client = url.protocol === 'https:' ? https : http;
  return await new Promise((resolve, reject) => {
    const r = client.request(url, {
      method: req.method ?? 'GET',
      headers: req.headers,
      lookup: checkedLookup(req.allowPrivate),
      agent: url.protocol === 'https:' ? httpsAgent : httpAgent,
    });
    const timer = setTimeout(() => {
      r.destroy(new OutboundError('timeout', `No answer within ${req.timeoutMs ?? 10_000} ms`));
    }, req.timeoutMs ?? 10_000);
    r.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof OutboundError ? e : new OutboundError('network', e.message));
    });
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      let truncated = false;
      const done = () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          truncated,
          durationMs: Math.round(performance.now() - started),
        });
      };
      res.on('data', (chunk: Buffer) => {
        if (kept + chunk.length > limit) {
          chunks.push(chunk.subarray(0, limit - kept));
          kept = limit;
          truncated = true;
          res.destroy();
          done();
          return;
        }
        chunks.push(chunk);
        kept += chunk.length;
      });
      res.on('end', done);
      res.on('error', (e) => {
        clearTimeout(timer);
        reject(new OutboundError('network', e.message));
      });
    });
    r.end(req.body);
  });
}

// Connections are kept for the next request to the same host; each was checked when it opened.
const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 16, timeout: 30_000 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 16, timeout: 30_000 });

/**
 * A GET whose answer is read as a stream (a file fetched for a user): the same guard, 10 s to
 * the answer's headers, then 10 s at most between chunks. Anything but a 200 is an error.
 */
export async function safeDownload(
  url: string,
  allowPrivate: boolean,
): Promise<http.IncomingMessage> {
  const parsed = checkedUrl(url, allowPrivate);
  const client = parsed.protocol === 'https:' ? https : http;
  return await new Promise((resolve, reject) => {
    const r = client.request(parsed, {
      method: 'GET',
      headers: { 'user-agent': 'Linkdrop/1.0' },
      lookup: checkedLookup(allowPrivate),
      agent: false,
    });
    const timer = setTimeout(() => {
      r.destroy(new OutboundError('timeout', 'No answer within 10000 ms'));
    }, 10_000);
    r.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof OutboundError ? e : new OutboundError('network', e.message));
    });
    r.on('response', (res) => {
      clearTimeout(timer);
      if (res.statusCode !== 200) {
        res.destroy();
        return reject(new OutboundError('network', `The address answered ${res.statusCode}`));
      }
      res.setTimeout(10_000, () =>
        res.destroy(new OutboundError('timeout', 'The download stalled')),
      );
      resolve(res);
    });
    r.end();
  });
}

/**
 * The address as a URL, when it is one the service may fetch: http(s), and not a blocked IP
 * address (a name is checked when it is looked up). Throws an OutboundError.
 */
function checkedUrl(address: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new OutboundError('bad_url', 'The address is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundError('bad_url', 'Only http and https addresses are fetched');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && isBlockedAddress(host)) throw blockedError(host);
  return url;
}

const blockedError = (address: string) =>
  new OutboundError(
    'blocked_address',
    `${address} is a private, loopback or link-local address (WEBHOOK_ALLOW_PRIVATE allows it)`,
  );

/** DNS lookup that fails when any answer is an address users may not reach. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const bad = addresses.find((a) => isBlockedAddress(a.address));
      if (!allowPrivate && bad) return callback(blockedError(bad.address), '', 0);
      if (options.all) return (callback as unknown as AllCallback)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

type AllCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;
