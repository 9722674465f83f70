import { describe, expect, it } from 'vitest';
import { addressBucket, LIMITS } from '../../src/lib/server/rate-limit.ts';

describe('per-address limits', () => {
  it('count an IPv6 client by its /64, however it writes or varies its address', () => {
    const bucket = addressBucket('2001:db8:abcd:12::1');
    for (const ip of [
      '2001:db8:abcd:12:ffff:ffff:ffff:ffff',
      '2001:0db8:abcd:0012:0000:0000:0000:0002',
      '[2001:DB8:ABCD:12::3]',
      '2001:db8:abcd:12:1:2:3:4%eth0',
      '2001:db8:abcd:12::10.0.0.1',
    ])
      expect(addressBucket(ip)).toBe(bucket);
    expect(bucket).toBe('2001:db8:abcd:12::/64');
    // The next /64 is another subscriber.
    expect(addressBucket('2001:db8:abcd:13::1')).not.toBe(bucket);
  });

  it('count an IPv4 address, and an IPv4-mapped IPv6 one, as the IPv4 address', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(addressBucket('203.0.113.8')).not.toBe('203.0.113.7');
  });

  it('leave what is not an address as it is (its own bucket)', () => {
    for (const text of ['unknown', '1:2:3', '::1::2', 'g::1', '1:2:3:4:5:6:7:8:9'])
      expect(addressBucket(text)).toBe(text);
  });

  it('are what every per-address limit keys on', () => {
    const a = '2001:db8:1:2::aaaa';
    const b = '2001:db8:1:2:ffff::1';
    for (const make of [LIMITS.signInIp, LIMITS.signUpIp, LIMITS.scoreIqIp, LIMITS.scoreCareerIp])
      expect(make(a).key).toBe(make(b).key);
    expect(LIMITS.scoreIqIpForm(a, 4).key).toBe(LIMITS.scoreIqIpForm(b, 4).key);
  });
});
