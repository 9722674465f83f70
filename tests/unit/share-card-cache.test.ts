/**
 * A shared result's card (issue 32) is drawn once per content: requests that arrive together while it is being drawn
 * (the crawlers of a network a link was just posted to) wait for that one drawing rather than each starting their own.
 */
import { describe, expect, it } from 'vitest';
import { shareCard, type SharedResult } from '../../src/lib/server/shares.ts';

const shared = (headline: string): SharedResult => ({
  code: 'A'.repeat(22),
  kind: 'iq',
  lang: 'en',
  firstName: null,
  headline,
  stated: '112',
  achieved: 'has a provisional IQ-equivalent of',
  detail: '95% interval: 96–128 · Provisional band: Above average',
  type: null,
  date: new Date('2026-11-20T10:00:00Z'),
});

describe('the shared card cache', () => {
  it('draws a card once for requests that come together, then serves it from memory', async () => {
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => shareCard(shared('IQ 112'))));
    // One drawing: the same image, not three equal ones.
    expect(b.png).toBe(a.png);
    expect(c.png).toBe(a.png);
    expect([a.cached, b.cached, c.cached]).toEqual([false, false, false]);
    const later = await shareCard(shared('IQ 112'));
    expect(later).toMatchObject({ cached: true, etag: a.etag });
    expect(later.png).toBe(a.png);
    // Another content is another card.
    const other = await shareCard(shared('IQ 113'));
    expect(other.cached).toBe(false);
    expect(other.etag).not.toBe(a.etag);
  });
});
