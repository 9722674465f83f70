/**
 * Local dependence (src/domain/irt/local-dependence.ts): Yen's Q3 on EAP abilities.
 *
 * No published Q3 for dichotomous data whose inputs can be recovered was found (mirt's reference page prints Q3
 * only for the polytomous Science data, under a graded model we do not fit). What is checked against publication is
 * the ability Q3 stands on — mirt's EAP on LSAT7 (github.com/philchalmers/mirt, tests/testthat/test-01-mirtOne.R):
 * the sheet with nothing right is the only one with a number right of 0, and all right the only one of 5, so their
 * EAPs are mirt's EAPsum for 0 and 5 (−1.86979, 0.7271877); `fscores(modm1, full.scores = FALSE)` gives the first
 * six patterns, printed from an older mirt whose fscores grid and estimates differed (its −1.8665957 for 00000 is
 * what a grid on [−4, 4] gives; ours and mirt's current one are on [−6, 6]): the five others agree to 7e-4.
 * The rest is Q3's known behaviour: near −1/(n − 1) under local independence (Yen 1993, J. Educational
 * Measurement 30(3)), and a planted dependent pair is found and nothing else.
 */
import { describe, expect, it } from 'vitest';
import { calibrate } from '../../src/domain/irt/calibrate.ts';
import { eapThetas, q3 } from '../../src/domain/irt/local-dependence.ts';
import { probability, type Responses } from '../../src/domain/irt/model.ts';
import { rectangular } from '../../src/domain/irt/quadrature.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';
import { lsatPatterns } from '../support/irt-fixtures.ts';

const lsat7 = lsatPatterns('LSAT7_patterns.csv');
const { rows, weights } = lsat7;
const fit = calibrate(lsat7, { model: '2pl', quadrature: rectangular(61, 6) });
// mirt's fscores: EAP over 121 rectangular points on [−6, 6] (R/fscores.R).
const thetas = eapThetas(fit.items, rows, rectangular(121, 6));

describe('the ability Q3 stands on', () => {
  it('is mirt’s EAP on LSAT7', () => {
    expect(Math.abs(thetas[0] - -1.86979)).toBeLessThan(2e-5);
    expect(Math.abs(thetas.at(-1)! - 0.7271877)).toBeLessThan(2e-5);
    [-1.526692, -1.5134024, -1.1852276, -1.094683, -0.7666992].forEach((mirt, k) =>
      expect(Math.abs(thetas[k + 1] - mirt)).toBeLessThan(7e-4),
    );
  });
});

describe('Q3', () => {
  it('weights a pattern by its frequency: the pattern table gives what the 1,000 sheets give', () => {
    const patterned = q3(fit.items, rows, thetas, weights);
    const people = rows.flatMap((row, k) => Array.from({ length: weights[k] }, () => row));
    const each = q3(fit.items, people, eapThetas(fit.items, people, rectangular(121, 6)));
    patterned.pairs.forEach((p, k) => expect(p.q3).toBeCloseTo(each.pairs[k].q3, 12));
    // LSAT7 has no dependent pair; its strongest residual correlation is items 1 and 3, −0.21.
    expect(patterned.flagged).toEqual([]);
    expect(patterned.pairs.find((p) => p.i === 0 && p.j === 2)!.q3).toBeCloseTo(-0.214, 3);
  });

  const { random, normal } = seeded(11);
  const items = Array.from({ length: 10 }, (_, j) => ({ id: `q${j}`, a: 0.8 + 0.1 * j, b: -1.5 + j / 3, c: 0 }));
  const people = Array.from({ length: 3000 }, () => normal());
  const sheets = people.map((theta) => items.map((item) => (random() < probability(theta, item) ? 1 : 0)) as Responses);

  it('averages about −1/(n − 1) when the items are locally independent, and flags nothing', () => {
    const ld = q3(items, sheets, eapThetas(items, sheets));
    expect(Math.abs(ld.mean - -1 / 9)).toBeLessThan(0.03);
    expect(ld.flagged).toEqual([]);
  });

  it('finds a planted dependent pair, and only it, counting the people who saw both', () => {
    // Item 8 copies item 3's answer for half the people; item 5 is not presented to a third of them.
    const dependent = sheets.map((row, r) =>
      row.map((u, j) => (j === 8 && r % 2 ? row[3] : j === 5 && r % 3 === 0 ? null : u)),
    );
    const ld = q3(items, dependent, eapThetas(items, dependent));
    expect(ld.flagged.map((p) => [p.i, p.j])).toEqual([[3, 8]]);
    expect(ld.pairs).toHaveLength(45);
  });
});
