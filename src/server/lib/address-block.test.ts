import { describe, expect, it } from 'vitest';
import { addressBlock } from './address-block.ts';

describe('the block an address is counted by', () => {
  it('is an IPv6 address its /64, however it is written', () => {
    const block = '2001:db8:1:2::/64';
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:7', '2001:db8:1:2:a:b:1.2.3.4', '2001:db8:1:2::9%eth0']) {
      expect(addressBlock(address), address).toBe(block);
    }
    expect(addressBlock('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
  });

  it('is an IPv4 address itself, also when written as IPv4-mapped IPv6', () => {
    expect(addressBlock('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBlock('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(addressBlock('203.0.113.8')).not.toBe(addressBlock('203.0.113.7'));
  });

  it('leaves what is not an address as it is', () => {
    expect(addressBlock('unknown')).toBe('unknown');
    expect(addressBlock('')).toBe('');
  });
});
