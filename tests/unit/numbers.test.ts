import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../src/i18n/numbers.ts';

describe('formatNumber: one way to write a figure, the language’s own', () => {
  it('groups thousands with a no-break space in Ukrainian and a comma in English', () => {
    expect(formatNumber('uk', 1234)).toMatch(/^1[\u00a0\u202f]234$/);
    expect(formatNumber('en', 1234)).toBe('1,234');
    expect(formatNumber('uk', 120000)).toMatch(/^120[\u00a0\u202f]000$/);
    expect(formatNumber('en', 4321)).toBe('4,321');
    expect([formatNumber('uk', 102), formatNumber('en', 102)]).toEqual(['102', '102']);
  });

  it('writes per cent, and a change with its sign', () => {
    expect([formatNumber('uk', 25, 'percent'), formatNumber('en', 25, 'percent')]).toEqual(['25%', '25%']);
    expect([3, -3, 0].map((n) => formatNumber('uk', n, 'signed'))).toEqual(['+3', '-3', '0']);
  });
});
