/**
 * Kept sheets as calibration reads them (src/domain/irt/matrix.ts, components.ts, csv.ts; src/domain/iq/responses.ts):
 * a sheet item by item in the form's order; sheets as a matrix of item versions with empty cells for items not
 * presented; the CSV it is exported as; and forms that share no item calibrated apart, which must give what one joint
 * calibration gives — the same estimates, standard errors and log-likelihood.
 */
import { describe, expect, it } from 'vitest';
import { calibrate, type ResponseData } from '../../src/domain/irt/calibrate.ts';
import { calibrateGroups, components } from '../../src/domain/irt/components.ts';
import { parseResponses, writeResponses } from '../../src/domain/irt/csv.ts';
import { responseMatrix } from '../../src/domain/irt/matrix.ts';
import { probability } from '../../src/domain/irt/model.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';
import { itemResponses } from '../../src/domain/iq/responses.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { itemVersion } from '../../src/domain/iq/item-version.ts';
import { optionOrder } from '../../src/domain/sittings.ts';

describe('a sheet item by item', () => {
  it("keeps every item of the form in its order: version, the sitting's option order, the choice, right or not", () => {
    const formId = SERVED_FORM_IDS[2];
    const bank = iqBank(formId);
    const answers = bank.map((item, i) => ({
      questionId: item.id,
      selectedAnswer: i % 3 ? item.correctAnswer : (item.correctAnswer + 1) % 6,
      timeSpent: 1000 * (i + 1),
    }));
    // The sheet lists its answers in any order; the kept items follow the form.
    const kept = itemResponses(formId, [...answers].reverse(), 1234);
    expect(kept).toEqual(
      bank.map((item, i) => ({
        itemVersion: itemVersion(item),
        optionOrder: optionOrder(item, 1234),
        chosen: answers[i].selectedAnswer,
        correct: i % 3 !== 0,
        timeMs: 1000 * (i + 1),
      })),
    );
  });
});

describe('the response matrix', () => {
  const sheets = [
    { items: ['a', 'b', 'c'], correct: [true, false, true] },
    { items: ['d', 'e'], correct: [false, true] },
    { items: ['c', 'f'], correct: [false, false] },
  ];

  it('has a column per item, in the order the sheets show them, and empty cells where a sheet did not show one', () => {
    expect(responseMatrix(sheets)).toEqual({
      items: ['a', 'b', 'c', 'd', 'e', 'f'],
      rows: [
        [1, 0, 1, null, null, null],
        [null, null, null, 0, 1, null],
        [null, null, 0, null, null, 0],
      ],
    });
  });

  it('leaves out the items not asked for, and a sheet left with none of them', () => {
    expect(responseMatrix(sheets, (item) => item === 'a' || item === 'c')).toEqual({
      items: ['a', 'c'],
      rows: [
        [1, 1],
        [null, 0],
      ],
    });
  });

  it('is written as the CSV items:calibrate reads', () => {
    const data = responseMatrix(sheets);
    const csv = writeResponses(data);
    expect(csv.split('\n')[0]).toBe('a,b,c,d,e,f');
    expect(csv.split('\n')[2]).toBe(',,,0,1,');
    expect(parseResponses(csv)).toEqual(data);
  });
});

describe('calibrating forms that share no item', () => {
  /** Two forms of six items, each sheet on one of them; `link` sheets answer one item of each. */
  function twoForms(link = 0): ResponseData {
    const { random, normal } = seeded(29);
    const truth = Array.from({ length: 12 }, (_, j) => ({
      id: `f${j < 6 ? 1 : 2}i${j % 6}`,
      a: Math.exp(0.25 * normal()),
      b: -1.2 + 0.5 * (j % 6) + 0.2 * normal(),
      c: 1 / 6,
    }));
    const rows = Array.from({ length: 800 + link }, (_, i) => {
      const theta = normal();
      const form = i % 2;
      return truth.map((item, j) => {
        const shown = i >= 800 ? j === 0 || j === 6 : Math.floor(j / 6) === form;
        return shown ? ((random() < probability(theta, item) ? 1 : 0) as 0 | 1) : null;
      });
    });
    return { items: truth.map((t) => t.id), rows };
  }

  it('splits the sheets into groups of items no sheet links, and keeps linked forms together', () => {
    const apart = components(twoForms());
    expect(apart.map((g) => [g.items.length, g.rows.length])).toEqual([
      [6, 400],
      [6, 400],
    ]);
    expect(apart[0].rows.every((row) => row.every((u) => u !== null))).toBe(true);
    expect(components(twoForms(5)).map((g) => [g.items.length, g.rows.length])).toEqual([[12, 805]]);
  });

  it('gives what one joint calibration gives: the same estimates, standard errors and log-likelihood', () => {
    const data = twoForms();
    const options = { model: '3pl' as const, guessing: 1 / 6 };
    const joint = calibrate(data, options);
    const apart = calibrateGroups(data, options);
    expect(joint.converged && apart.converged).toBe(true);
    expect(apart.items.map((i) => i.id)).toEqual(data.items);
    expect(apart.logLik).toBeCloseTo(joint.logLik, 6);
    apart.items.forEach((item, j) => {
      for (const key of ['a', 'b', 'seA', 'seB'] as const) expect(item[key]).toBeCloseTo(joint.items[j][key], 4);
      expect(item.c).toBe(1 / 6);
    });
  });
});
