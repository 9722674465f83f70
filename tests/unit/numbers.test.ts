import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/numbers.ts';

describe('formatNumber: one way to write a figure, the language’s own', () => {
  it('groups thousands with a no-break space in Ukrainian and a comma in English', () => {
    expect(formatNumber('uk', 8341)).toMatch(/^8[\u00a0\u202f]341$/);
    expect(formatNumber('en', 8341)).toBe('8,341');
    expect(formatNumber('uk', 150000)).toMatch(/^150[\u00a0\u202f]000$/);
    expect(formatNumber('en', 3723)).toBe('3,723');
    expect([formatNumber('uk', 102), formatNumber('en', 102)]).toEqual(['102', '102']);
  });

  it('shortens large figures as each language abbreviates them', () => {
    expect(formatNumber('uk', 150000, 'compact')).toMatch(/^150[\u00a0\u202f]тис\.$/);
    expect(formatNumber('en', 150000, 'compact')).toBe('150K');
    expect(formatNumber('uk', 5_900_000, 'compact')).toMatch(/^5,9[\u00a0\u202f]млн$/);
    expect(formatNumber('en', 5_900_000, 'compact')).toBe('5.9M');
    expect(formatNumber('en', 335_000_000, 'compact')).toBe('335M');
  });

  it('writes per cent, and a change with its sign', () => {
    expect([formatNumber('uk', 87, 'percent'), formatNumber('en', 87, 'percent')]).toEqual(['87%', '87%']);
    expect([formatNumber('uk', 35, 'signed-percent'), formatNumber('en', 35, 'signed-percent')]).toEqual([
      '+35%',
      '+35%',
    ]);
    expect(formatNumber('en', 0, 'signed-percent')).toBe('0%');
    expect([3, -3, 0].map((n) => formatNumber('uk', n, 'signed'))).toEqual(['+3', '-3', '0']);
  });
});
