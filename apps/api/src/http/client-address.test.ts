import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address';

describe('clientAddress', () => {
  it('keeps an IPv4 address, also when it arrives IPv4-mapped', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const network = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:ffff:ffff:ffff',
      '2001:DB8:0:1:abcd::7',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:0:1::9'),
    ]) {
      expect(clientAddress(ip), ip).toBe(network);
    }
    expect(clientAddress('2001:db8:0:2::1')).toBe('2001:db8:0:2::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientAddress('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
