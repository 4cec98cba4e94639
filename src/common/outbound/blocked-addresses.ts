import { BlockList, isIP } from 'node:net';

// Private, loopback, link-local, shared, multicast and reserved ranges: what a user-given
// address must not reach from inside the operator's network.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  blocked.addSubnet(net, bits, 'ipv6');
}

/** True for an address a user-given URL may not reach (see WEBHOOK_ALLOW_PRIVATE). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  const version = isIP(bare);
  if (version === 4) return blocked.check(bare, 'ipv4');
  if (version !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is that IPv4 address.
  const mapped = /^(?:0*:)*:?ffff:(.+)$/.exec(bare)?.[1];
  if (mapped !== undefined) {
    if (isIP(mapped) === 4) return blocked.check(mapped, 'ipv4');
    const m = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(mapped);
    if (m) {
      const n = (parseInt(m[1], 16) << 16) | parseInt(m[2], 16);
      const v4 = [24, 16, 8, 0].map((s) => (n >>> s) & 255).join('.');
      return blocked.check(v4, 'ipv4');
    }
  }
  return blocked.check(bare, 'ipv6');
}
