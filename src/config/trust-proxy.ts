import type { Env } from './env';

/** TRUST_PROXY as a list: Express's names of address ranges, addresses and CIDR blocks. */
export const TRUST_PROXY_LIST =
  /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d+)?)(\s*,\s*(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d+)?))*$/i;

/** Express's `trust proxy` for TRUST_PROXY: `true` is one hop, never everyone. */
export const trustProxySetting = (value: Env['TRUST_PROXY']): boolean | number | string[] =>
  value === true ? 1 : typeof value === 'string' ? value.split(/\s*,\s*/) : value;
