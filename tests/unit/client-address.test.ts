import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxyHops } from '../../src/runtime/client-address.ts';

describe('the client address', () => {
  it('is the socket address unless proxies are trusted, whatever X-Forwarded-For claims', () => {
    expect(clientAddress('1.2.3.4', '10.0.0.9', 0)).toBe('10.0.0.9');
    expect(clientAddress(undefined, '10.0.0.9', 1)).toBe('10.0.0.9');
    expect(clientAddress(undefined, undefined, 0)).toBe('127.0.0.1');
  });

  it('is the address the trusted hops vouch for, never one a client prepended', () => {
    // One proxy (the socket) appends the client's address: the last entry is the client.
    expect(clientAddress('6.6.6.6, 203.0.113.7', '10.0.0.9', 1)).toBe('203.0.113.7');
    // Two proxies: the second-to-last entry.
    expect(clientAddress('6.6.6.6, 203.0.113.7, 10.0.0.8', '10.0.0.9', 2)).toBe('203.0.113.7');
    // Fewer entries than hops: the first one there is.
    expect(clientAddress('203.0.113.7', '10.0.0.9', 5)).toBe('203.0.113.7');
  });

  it('reads TRUST_PROXY as a small whole number of hops, else trusts nothing', () => {
    expect([undefined, '', '0', 'yes', '-1', '1.5', '99'].map((v) => trustedProxyHops(v))).toEqual([
      0, 0, 0, 0, 0, 0, 0,
    ]);
    expect(trustedProxyHops('1')).toBe(1);
    expect(trustedProxyHops('2')).toBe(2);
  });
});
