import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { invalid } from '../common/errors/domain-error';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host as a custom domain is stored: lower case, IDN as punycode, no trailing dot. Refused: a
 * port, an IP literal, `localhost`, a bare name without a dot, more than 253 characters.
 */
export function normalizeCustomHost(input: string): string {
  const raw = input.trim().replace(/\.$/, '');
  if (/[:/\s@\\[\]]/.test(raw) || isIP(raw)) {
    throw invalid('host', 'host must be a domain name, without scheme, port, path or IP address');
  }
  const host = domainToASCII(raw.toLowerCase());
  if (!host || host.length > 253) throw invalid('host', 'host is not a valid domain name');
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)!)) {
    throw invalid('host', 'host is not a valid domain name');
  }
  if (host === 'localhost' || host.endsWith('.localhost')) {
    throw invalid('host', 'localhost cannot be a custom domain');
  }
  return host;
}
