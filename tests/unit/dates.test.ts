import { describe, expect, it } from 'vitest';
import { longDate } from '../../src/i18n/dates.ts';

describe('long dates', () => {
  it('are written as each language writes them', () => {
    expect(longDate('uk', '2026-11-23T10:00:00Z', 'UTC')).toBe('23 листопада 2026 р.');
    expect(longDate('en', '2026-11-23T10:00:00Z', 'UTC')).toBe('23 November 2026');
  });
  it('take the day in the zone asked for', () => {
    expect(longDate('en', new Date('2026-11-23T23:30:00Z'), 'UTC')).toBe('23 November 2026');
    expect(longDate('en', new Date('2026-11-23T23:30:00Z'), 'Europe/Kyiv')).toBe('24 November 2026');
  });
});
