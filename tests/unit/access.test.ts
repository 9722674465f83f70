/** Who counts as premium (src/domain/access.ts): the spec's rule, at the instant boundaries included. */
import { describe, expect, it } from 'vitest';
import { accessOf, isPremiumActive } from '../../src/domain/access.ts';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const at = (ms: number) => new Date(NOW + ms);

describe('isPremiumActive', () => {
  it('counts an active subscription until its expiry instant, not at it', () => {
    expect(isPremiumActive({ status: 'active', expiresAt: at(86_400_000) }, NOW)).toBe(true);
    expect(isPremiumActive({ status: 'active', expiresAt: at(1) }, NOW)).toBe(true);
    expect(isPremiumActive({ status: 'active', expiresAt: at(0) }, NOW)).toBe(false);
    expect(isPremiumActive({ status: 'active', expiresAt: at(-1) }, NOW)).toBe(false);
    expect(isPremiumActive({ status: 'active', expiresAt: at(-86_400_000) }, NOW)).toBe(false);
  });

  it('counts an active subscription without an expiry (the spec: no expiry, no end)', () => {
    expect(isPremiumActive({ status: 'active', expiresAt: null }, NOW)).toBe(true);
  });

  it('never counts another status, whatever the expiry', () => {
    for (const status of ['inactive', 'expired', 'Active', '', null])
      for (const expiresAt of [null, at(86_400_000), at(-86_400_000)])
        expect(isPremiumActive({ status, expiresAt }, NOW), `${status} ${expiresAt?.toISOString()}`).toBe(false);
  });

  it('reads the expiry as the database driver gives it, a Date or an ISO string, and now as a Date or a number', () => {
    expect(isPremiumActive({ status: 'active', expiresAt: at(1000).toISOString() }, new Date(NOW))).toBe(true);
    expect(isPremiumActive({ status: 'active', expiresAt: '2026-11-25T14:00:00+02:00' }, NOW)).toBe(false);
    expect(isPremiumActive({ status: 'active', expiresAt: '2026-11-25T14:00:01+02:00' }, NOW)).toBe(true);
  });
});

describe('accessOf', () => {
  it('gives the full result to a premium user and the teaser to anyone else, a visitor included', () => {
    expect(accessOf({ premium: true })).toBe('full');
    expect(accessOf({ premium: false })).toBe('teaser');
    expect(accessOf(null)).toBe('teaser');
  });
});
