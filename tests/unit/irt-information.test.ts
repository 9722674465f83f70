/** Item and test information (src/domain/irt/information.ts) and the range a form measures. */
import { describe, expect, it } from 'vitest';
import { itemInformation, measuredRange, standardError, testInformation } from '../../src/domain/irt/information.ts';
import { eap } from '../../src/domain/irt/score.ts';
import { provisionalItem } from '../../src/domain/irt/simulate.ts';

describe('information', () => {
  it('of a 2PL item is a²·P·Q, at its most a²/4 at θ = b', () => {
    const item = { id: 'x', a: 1.6, b: 0.4, c: 0 };
    expect(itemInformation(item, 0.4)).toBeCloseTo(1.6 ** 2 / 4, 12);
    const P = 1 / (1 + Math.exp(-1.6 * (1.1 - 0.4)));
    expect(itemInformation(item, 1.1)).toBeCloseTo(1.6 ** 2 * P * (1 - P), 12);
  });

  it('of a 3PL item peaks above b, at b + ln((1 + √(1 + 8c))/2)/a (Lord 1980), and is lower than without guessing', () => {
    const item = { id: 'x', a: 1.2, b: 0, c: 1 / 6 };
    const peak = Math.log((1 + Math.sqrt(1 + 8 / 6)) / 2) / 1.2;
    const grid = Array.from({ length: 4001 }, (_, i) => -2 + i / 1000);
    const best = grid.reduce((m, t) => (itemInformation(item, t) > itemInformation(item, m) ? t : m), grid[0]);
    expect(best).toBeCloseTo(peak, 2);
    expect(itemInformation(item, peak)).toBeLessThan(itemInformation({ ...item, c: 0 }, peak));
  });

  it('adds up over a form; the standard error is 1/√I', () => {
    const form = [provisionalItem('a', 'easy'), provisionalItem('b', 'medium'), provisionalItem('c', 'hard')];
    const sum = form.reduce((s, item) => s + itemInformation(item, 0.3), 0);
    expect(testInformation(form, 0.3)).toBeCloseTo(sum, 12);
    expect(standardError(form, 0.3)).toBeCloseTo(1 / Math.sqrt(sum), 12);
  });

  it('a 20-item form measures a bounded range, and an all-right sheet reads beyond its top', () => {
    const labels = [...Array(4).fill('easy'), ...Array(9).fill('medium'), ...Array(7).fill('hard')];
    const form = labels.map((label, j) => provisionalItem(`q${j + 1}`, label));
    const range = measuredRange(form, 0.75)!;
    expect(range[0]).toBeGreaterThan(-3);
    expect(range[1]).toBeLessThan(3);
    expect(range[0]).toBeLessThan(range[1]);
    // Inside the range the standard error holds; just outside it does not.
    expect(standardError(form, range[0])).toBeLessThanOrEqual(0.75);
    expect(standardError(form, range[0] - 0.02)).toBeGreaterThan(0.75);
    // A perfect sheet's EAP lies near or past the top of what the form measures: "above X", not a number.
    const top = eap(
      form,
      form.map(() => 1),
    );
    expect(top.theta + 1.96 * top.sd).toBeGreaterThan(range[1]);
    // With provisional parameters no point of the form is measured to a standard error of 0.5 (reliability .75).
    expect(measuredRange(form, 0.5)).toBeNull();
  });
});
