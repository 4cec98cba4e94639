import { isBlockedAddress } from './blocked-addresses';

describe('isBlockedAddress', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
    '[::1]',
    'not an address',
  ])('should refuse %s', (address) => expect(isBlockedAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    'should allow %s',
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );
});
