import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { isBlockedAddress } from './blocked-addresses';

/**
 * Why a user-given URL may not be fetched (a private, loopback or link-local address, or a name
 * that resolves to one), or null. Checked when the address is given, for a clear answer; the
 * fetch checks again (safe-request.ts), since a name may resolve differently later.
 */
export async function checkPublicAddress(
  url: string,
  allowPrivate: boolean,
): Promise<string | null> {
  if (allowPrivate) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      return null; // A name that does not resolve yet fails at delivery, where it is retried.
    }
  }
  const bad = addresses.find(isBlockedAddress);
  return bad === undefined
    ? null
    : `${host} is a private, loopback or link-local address, which this service does not send to`;
}
