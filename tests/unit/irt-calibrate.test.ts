/**
 * Calibration (src/domain/irt) against established IRT software on published data, to the printed precision, and
 * against known parameters on simulated sheets.
 *
 * Data (tests/fixtures/irt/): the LSAT Sections 6 and 7 of Bock & Lieberman (1970), 1,000 examinees and 5 items
 * each, as response patterns with their frequencies — R's ltm `LSAT` (= mirt `LSAT6`) and mirt `LSAT7`.
 * Published estimates:
 * - LSAT6, 2PL, ltm (21-point Gauss–Hermite): `summary(ltm(LSAT ~ z1))`, logLik −2466.653, Dffclt and Dscrmn per
 *   item (Rizopoulos 2006, JSS 17(5), doi:10.18637/jss.v017.i05, p. 12 for the log-likelihood; the full summary as
 *   printed by ltm 1.2-0 in github.com/kdavis91/2PL-and-3PL-Dichotomous-Item-response-theory-model, README.md).
 *   ltm stops its quasi-Newton phase with max|gradient| 0.024 (it says so), so its fourth decimals are not the
 *   maximum: they agree with the maximum to 3e-3 (b) and 1e-3 (a), and are tested to that.
 * - LSAT7, 2PL, mirt (61 rectangular points on [−6, 6]): logLik −2658.805 (mirt tests/testthat/test-08-createItem.R),
 *   and a, d per item from mirt's run at tolerance 1e-5 (the mirt reference page for `mirt`, example output; and
 *   tests/testthat/test-01-mirtOne.R, 4 decimals), standard errors (Oakes) from the reference page for `coef`.
 * - LSAT7, 3PL, mirt: logLik −2658.055 (the reference page for `boot.LR`); mirt stops short there, so our maximum
 *   must be at least as high.
 */
import { describe, expect, it } from 'vitest';
import { calibrate, guessingPrior } from '../../src/domain/irt/calibrate.ts';
import { gaussHermite, rectangular } from '../../src/domain/irt/quadrature.ts';
import { probability } from '../../src/domain/irt/model.ts';
import { eap } from '../../src/domain/irt/score.ts';
import { lsatPatterns } from '../support/irt-fixtures.ts';

describe('quadrature', () => {
  it('Gauss–Hermite for N(0, 1): weights sum to 1 and the moments are the normal’s', () => {
    const q = gaussHermite(21);
    const moment = (k: number) => q.points.reduce((s, t, i) => s + q.weights[i] * t ** k, 0);
    expect(moment(0)).toBeCloseTo(1, 12);
    expect(moment(1)).toBeCloseTo(0, 12);
    expect(moment(2)).toBeCloseTo(1, 12);
    expect(moment(4)).toBeCloseTo(3, 10);
    expect(moment(6)).toBeCloseTo(15, 8);
    // Every size the tools accept sums to 1 (the rule's own check); past 150 points it refuses.
    for (const n of [2, 5, 49, 101, 150]) expect(gaussHermite(n).weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(() => gaussHermite(151)).toThrow(RangeError);
    // The largest node of the 20-point rule (physicists' 5.38748089001123, Abramowitz & Stegun table 25.10), times √2.
    expect(gaussHermite(20).points.at(-1)).toBeCloseTo(5.38748089001123 * Math.SQRT2, 10);
  });
});

describe('2PL by marginal maximum likelihood', () => {
  it('LSAT6 on 21 Gauss–Hermite points: ltm’s log-likelihood, and its estimates to the precision ltm reached', () => {
    const fit = calibrate(lsatPatterns('LSAT6_patterns.csv'), { model: '2pl', quadrature: gaussHermite(21) });
    expect(fit.converged).toBe(true);
    expect(fit.logLik).toBeCloseTo(-2466.653, 3);
    const ltm = {
      b: [-3.3597, -1.3696, -0.2799, -1.8659, -3.1236],
      a: [0.8254, 0.7229, 0.8905, 0.6886, 0.6575],
      seB: [0.8669, 0.3073, 0.0997, 0.4341, 0.87],
      seA: [0.2581, 0.1867, 0.2326, 0.1852, 0.21],
    };
    fit.items.forEach((item, j) => {
      expect(Math.abs(item.b - ltm.b[j])).toBeLessThan(3e-3);
      expect(Math.abs(item.a - ltm.a[j])).toBeLessThan(1e-3);
      expect(Math.abs(item.seB - ltm.seB[j])).toBeLessThan(3e-3);
      expect(Math.abs(item.seA - ltm.seA[j])).toBeLessThan(1e-3);
      expect(item.c).toBe(0);
    });
  });

  it('LSAT7 on 61 rectangular points: mirt’s log-likelihood, a and d to its printed three decimals, and SEs', () => {
    const fit = calibrate(lsatPatterns('LSAT7_patterns.csv'), { model: '2pl', quadrature: rectangular(61, 6) });
    expect(fit.converged).toBe(true);
    expect(fit.logLik).toBeCloseTo(-2658.805, 3);
    const mirt = {
      a: [0.988, 1.081, 1.707, 0.765, 0.736],
      d: [1.856, 0.808, 1.805, 0.486, 1.854],
      seA: [0.177, 0.169, 0.32, 0.134, 0.151],
    };
    fit.items.forEach((item, j) => {
      expect(item.a).toBeCloseTo(mirt.a[j], 3);
      expect(-item.a * item.b).toBeCloseTo(mirt.d[j], 3);
      expect(Math.abs(item.seA - mirt.seA[j])).toBeLessThanOrEqual(1.5e-3);
    });
  });
});

describe('3PL', () => {
  it('a Beta prior on c pulls the estimates towards its mode, and its SEs are said to be conditional on c', () => {
    const data = lsatPatterns('LSAT7_patterns.csv');
    const free = calibrate(data, { model: '3pl', quadrature: rectangular(61, 6), emTolerance: 1e-7 });
    // A strong prior with its mode at 0.25 (α 26, β 76): every c moves towards it from where plain ML left it.
    const prior = calibrate(data, { model: '3pl', quadrature: rectangular(61, 6), cPrior: { alpha: 26, beta: 76 } });
    prior.items.forEach((item, j) =>
      expect(Math.abs(item.c - 0.25)).toBeLessThan(Math.abs(free.items[j].c - 0.25) - 0.02),
    );
    for (const item of prior.items) expect(Math.abs(item.c - 0.25)).toBeLessThan(0.1);
    // The prior costs likelihood (the reported log-likelihood is the data's, without the prior).
    expect(prior.logLik).toBeLessThan(free.logLik);
    expect(prior.seConditionalOnC).toBe(true);
    expect(calibrate(data, { model: '3pl', guessing: 0.2 }).seConditionalOnC).toBe(false);
    // BILOG-MG's prior for six options: its mode is 1/6.
    const { alpha, beta } = guessingPrior(6);
    expect((alpha - 1) / (alpha + beta - 2)).toBeCloseTo(1 / 6, 12);
  });

  it('refuses items no calibration can place, by name', () => {
    const rows = Array.from(
      { length: 50 },
      (_, i) => [i % 2, 1, i < 3 ? 1 : null, i % 3 === 0 ? 1 : 0] as (0 | 1 | null)[],
    );
    expect(() => calibrate({ items: ['ok', 'all', 'few', 'ok2'], rows }, { model: '2pl' })).toThrow(
      'these items cannot be calibrated: all (everybody answered it right), few (seen by 3; at least 10 are needed)',
    );
  });

  it('LSAT7 with every c free (no prior): at least the log-likelihood mirt reached', () => {
    const fit = calibrate(lsatPatterns('LSAT7_patterns.csv'), {
      model: '3pl',
      quadrature: rectangular(61, 6),
      emTolerance: 1e-7,
    });
    expect(fit.logLik).toBeGreaterThanOrEqual(-2658.055 - 5e-4);
    // An independent re-fit (scipy, exact maximisation on the same points) found −2658.0543 with only item 2's c
    // off its boundary, 0.298: four items' c sit at 0.
    expect(fit.logLik).toBeCloseTo(-2658.0543, 3);
    expect(fit.items.map((item) => Math.round(item.c * 100) / 100)).toEqual([0, 0.3, 0, 0, 0]);
  });

  it('recovers known parameters of six-option items from 2,000 simulated sheets (c fixed at 1/6)', () => {
    // A fixed seed: the same sheets every run.
    let seed = 20261126;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
    const normal = () => Math.sqrt(-2 * Math.log(random())) * Math.cos(2 * Math.PI * random());
    const truth = Array.from({ length: 20 }, (_, j) => ({
      id: `i${j + 1}`,
      a: 0.8 + (1.2 * ((j * 7) % 20)) / 19,
      b: -2 + (4 * j) / 19,
      c: 1 / 6,
    }));
    const rows = Array.from({ length: 2000 }, () => {
      const theta = normal();
      return truth.map((item) => (random() < probability(theta, item) ? 1 : 0) as 0 | 1);
    });
    const fit = calibrate({ items: truth.map((t) => t.id), rows }, { model: '3pl', guessing: 1 / 6 });
    const rmse = (key: 'a' | 'b') =>
      Math.sqrt(fit.items.reduce((s, item, j) => s + (item[key] - truth[j][key]) ** 2, 0) / truth.length);
    expect(fit.converged).toBe(true);
    expect(rmse('b')).toBeLessThan(0.15);
    expect(rmse('a')).toBeLessThan(0.2);
  });
});

describe('EAP scoring', () => {
  const items = [
    { id: 'x', a: 1.2, b: -1, c: 1 / 6 },
    { id: 'y', a: 0.9, b: 0, c: 1 / 6 },
    { id: 'z', a: 1.5, b: 1.2, c: 1 / 6 },
  ];
  /** The posterior's mean and SD by brute force: the trapezoid rule over 20,001 points on [−10, 10]. */
  const brute = (responses: (0 | 1 | null)[]) => {
    let total = 0;
    let first = 0;
    let second = 0;
    for (let i = 0; i <= 20000; i++) {
      const t = -10 + i / 1000;
      let like = Math.exp((-t * t) / 2) * (i === 0 || i === 20000 ? 0.5 : 1);
      items.forEach((item, j) => {
        const u = responses[j];
        if (u === null) return;
        const p = probability(t, item);
        like *= u === 1 ? p : 1 - p;
      });
      total += like;
      first += like * t;
      second += like * t * t;
    }
    const theta = first / total;
    return { theta, sd: Math.sqrt(second / total - theta * theta) };
  };

  it.each([[[1, 1, 1]], [[0, 0, 0]], [[1, 0, null]], [[null, null, null]]] as (0 | 1 | null)[][][])(
    'matches the posterior computed by brute force: %j',
    (responses) => {
      const got = eap(items, responses);
      const want = brute(responses);
      expect(got.theta).toBeCloseTo(want.theta, 6);
      expect(got.sd).toBeCloseTo(want.sd, 6);
    },
  );

  it('is less sure at the ends of the scale than in the middle, and with nothing answered reads the prior', () => {
    const middle = eap(items, [1, 1, 0]);
    const top = eap(items, [1, 1, 1]);
    expect(top.sd).toBeGreaterThan(middle.sd);
    // Nothing answered: the prior itself, and a marginal likelihood of 1.
    expect(eap(items, [null, null, null])).toEqual({
      theta: expect.closeTo(0, 12),
      sd: expect.closeTo(1, 12),
      logMarginal: expect.closeTo(0, 12),
    });
  });
});
