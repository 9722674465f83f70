/** Person fit (src/domain/irt/person-fit.ts): Snijders's lz* at the MAP ability, on sheets simulated from the model. */
import { describe, expect, it } from 'vitest';
import { lz, lzStar, mapTheta } from '../../src/domain/irt/person-fit.ts';
import { probability } from '../../src/domain/irt/model.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';

const { random, normal } = seeded(42);
const items = Array.from({ length: 20 }, (_, j) => ({
  id: `q${j + 1}`,
  a: Math.exp(0.25 * normal()),
  b: -1.5 + (3 * j) / 19 + 0.3 * normal(),
  c: 1 / 6,
}));
const sheets = Array.from({ length: 4000 }, () => {
  const theta = normal();
  return items.map((item) => (random() < probability(theta, item) ? 1 : 0) as 0 | 1);
});
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));

describe('person fit', () => {
  it('lz* is close to N(0, 1) on sheets that follow the model, where plain lz at the estimate is not', () => {
    const fits = sheets.map((row) => lzStar(items, row));
    const star = fits.map((f) => f.lzStar);
    const plain = sheets.map((row, i) => lz(items, row, fits[i].theta));
    expect(Math.abs(mean(star))).toBeLessThan(0.15);
    expect(sd(star)).toBeGreaterThan(0.9);
    expect(sd(star)).toBeLessThan(1.1);
    // The false alarms at the 5 % point: near 5 %.
    const flagged = star.filter((z) => z < -1.645).length / star.length;
    expect(flagged).toBeGreaterThan(0.03);
    expect(flagged).toBeLessThan(0.07);
    // Without Snijders's correction the estimate makes every sheet look better than it is.
    expect(mean(plain)).toBeGreaterThan(mean(star) + 0.1);
    expect(sd(plain)).toBeLessThan(sd(star));
  });

  it('flags a sheet with the hard half right and the easy half wrong, and not its mirror image', () => {
    const reversed = items.map((_, j) => (j >= 10 ? 1 : 0) as 0 | 1);
    const orderly = items.map((_, j) => (j < 10 ? 1 : 0) as 0 | 1);
    expect(lzStar(items, reversed).lzStar).toBeLessThan(-3);
    expect(lzStar(items, orderly).lzStar).toBeGreaterThan(-1.645);
  });

  it('reads the MAP ability: more right answers, higher; nothing answered, the prior’s 0', () => {
    const some = mapTheta(
      items,
      items.map((_, j) => (j < 8 ? 1 : 0) as 0 | 1),
    );
    const more = mapTheta(
      items,
      items.map((_, j) => (j < 14 ? 1 : 0) as 0 | 1),
    );
    expect(more).toBeGreaterThan(some);
    expect(
      mapTheta(
        items,
        items.map(() => null),
      ),
    ).toBeCloseTo(0, 8);
  });

  it('finds the MAP on steep items where plain Newton goes back and forth (a ≈ 3): the gradient is 0 there', () => {
    const steep = Array.from({ length: 10 }, (_, j) => ({ id: `s${j}`, a: 3, b: -1.8 + 0.4 * j, c: 1 / 6 }));
    const { random: r2, normal: n2 } = seeded(7);
    for (let i = 0; i < 300; i++) {
      const theta = 2 * n2();
      const row = steep.map((item) => (r2() < probability(theta, item) ? 1 : 0) as 0 | 1);
      const map = mapTheta(steep, row);
      // The log posterior's slope at the answer, numerically: zero inside the bounds.
      const logPost = (t: number) =>
        steep.reduce(
          (s, item, j) => {
            const p = probability(t, item);
            return s + Math.log(row[j] === 1 ? p : 1 - p);
          },
          -0.5 * t * t,
        );
      if (Math.abs(map) < 6) expect(Math.abs((logPost(map + 1e-5) - logPost(map - 1e-5)) / 2e-5)).toBeLessThan(1e-4);
      // And the highest peak, not a lower one: no point of a 0.001 grid over [−6, 6] is higher.
      if (i % 10 === 0) {
        let best = -Infinity;
        for (let k = 0; k <= 12_000; k++) best = Math.max(best, logPost(-6 + k / 1000));
        expect(logPost(map)).toBeGreaterThanOrEqual(best - 1e-6);
      }
    }
  });

  it('finds the highest peak on sheets of every kind, the aberrant ones included', () => {
    const logPost = (row: (0 | 1)[], t: number) =>
      items.reduce(
        (s, item, j) => {
          const p = probability(t, item);
          return s + Math.log(row[j] === 1 ? p : 1 - p);
        },
        -0.5 * t * t,
      );
    const { random: r3 } = seeded(11);
    const rows = [
      ...sheets.slice(0, 100),
      ...Array.from({ length: 100 }, () => items.map(() => (r3() < 0.5 ? 1 : 0) as 0 | 1)),
      items.map((_, j) => (j >= 10 ? 1 : 0) as 0 | 1),
    ];
    for (const row of rows) {
      let best = -Infinity;
      for (let k = 0; k <= 12_000; k++) best = Math.max(best, logPost(row, -6 + k / 1000));
      expect(logPost(row, mapTheta(items, row))).toBeGreaterThanOrEqual(best - 1e-6);
    }
  }, 30_000); // a few thousand sheets: seconds on a busy 2-core machine
});
