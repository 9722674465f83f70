/**
 * Fair readings (issue 43): times the server vouches for, the category breakdown with its error, the career lead and
 * its error, and the pattern a near-chance sheet shows.
 */
import { describe, expect, it } from 'vitest';
import { vouchedTimes } from '../../src/domain/sheets.ts';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { formScale } from '../../src/domain/iq/scale.ts';
import { anchorIds } from '../../src/domain/iq/linking.ts';
import { scoreIqSheet } from '../../src/domain/iq/scoring.ts';
import { subscores, subscoreStudy, wilsonInterval } from '../../src/domain/iq/subscores.ts';
import { criticalDifference, leadOf, scoreBand } from '../../src/domain/career/lead.ts';
import { retestStudy } from '../../src/domain/career/study.ts';
import { eap } from '../../src/domain/irt/score.ts';
import { probability } from '../../src/domain/irt/model.ts';
import { TYPE_IDS, type TypeId } from '../../src/domain/career/profiles.ts';

describe('times the server vouches for', () => {
  const answers = (ms: number[]) => ms.map((timeSpent, questionId) => ({ questionId, timeSpent }));

  it('keep a browser’s times when they fit in the time since the sitting was served', () => {
    const sheet = answers([30_000, 40_000]);
    expect(vouchedTimes(sheet, 75_000, 600_000)).toEqual({ answers: sheet, timeSpent: 75_000 });
  });

  it('cap the total at the time since the sitting was served, and scale the items down to fit', () => {
    // Claimed 40 s an item for 20 items, scored 30 s after the form was served.
    const claimed = answers(Array(20).fill(40_000));
    const vouched = vouchedTimes(claimed, 800_000, 30_000);
    expect(vouched.timeSpent).toBe(30_000);
    expect(vouched.answers.every((a) => a.timeSpent === 1_500)).toBe(true);
    expect(vouched.answers.reduce((s, a) => s + a.timeSpent, 0)).toBeLessThanOrEqual(30_000);
    // In proportion, rounded down, so the sum never passes the total.
    const uneven = vouchedTimes(answers([10_000, 20_001, 30_002]), 60_003, 7_777);
    expect(uneven.answers.map((a) => a.timeSpent)).toEqual([1_296, 2_592, 3_888]);
    expect(uneven.answers.reduce((s, a) => s + a.timeSpent, 0)).toBeLessThanOrEqual(7_777);
  });

  it('judge a sheet scored seconds after it was served too fast, whatever it claims', () => {
    const formId = SERVED_FORM_IDS[0];
    const bank = iqBank(formId);
    const careful = bank.map((item) => ({
      questionId: item.id,
      selectedAnswer: item.correctAnswer,
      timeSpent: 40_000,
    }));
    const read = (servedMs: number) => {
      const v = vouchedTimes(careful, 800_000, servedMs);
      return scoreIqSheet({ formId, ...v, scale: formScale(formId)!, reliability: 0.7 }).cautions;
    };
    expect(read(20 * 60_000)).toEqual([]);
    expect(read(20_000)).toEqual(['too_fast']);
  });
});

describe('the category breakdown with its error', () => {
  it('gives Wilson’s interval (Agresti & Coull 1998, Table 1 style figures)', () => {
    // 0 of 10: 0–27.8 %; 5 of 10: 23.7–76.3 %; 3 of 4: 30.1–95.4 %.
    expect(wilsonInterval(0, 10)).toEqual([0, 28]);
    expect(wilsonInterval(5, 10)).toEqual([24, 76]);
    expect(wilsonInterval(3, 4)).toEqual([30, 95]);
    expect(wilsonInterval(4, 4)).toEqual([51, 100]);
  });

  const formId = SERVED_FORM_IDS[1];
  const bank = iqBank(formId);
  const scale = formScale(formId)!;
  const anchors = anchorIds(formId);
  const shown = (item: { id: number }) => !anchors.has(item.id);

  it('counts the items a review shows, per category, and predicts each from the others (checked by brute force)', () => {
    const responses = bank.map((_, i) => ((i * 7) % 3 === 0 ? 1 : 0) as 0 | 1);
    const rows = subscores(bank, responses, scale.items, shown);
    const kept = bank.flatMap((item, i) => (shown(item) ? [i] : []));
    expect(rows.reduce((s, r) => s + r.items, 0)).toBe(kept.length);
    for (const row of rows) {
      const members = kept.filter((i) => bank[i].type === row.category);
      expect(row.right).toBe(members.filter((i) => responses[i] === 1).length);
      // P(K ≥ k | the other shown items), integrated over a fine grid and every pattern of the category's items.
      const rest = kept.filter((i) => bank[i].type !== row.category);
      let norm = 0;
      let atLeast = 0;
      let atMost = 0;
      for (let t = -6; t <= 6; t += 0.01) {
        const w =
          Math.exp((-t * t) / 2) *
          rest.reduce((l, i) => {
            const p = probability(t, scale.items[i]);
            return l * (responses[i] ? p : 1 - p);
          }, 1);
        norm += w;
        for (let mask = 0; mask < 1 << members.length; mask++) {
          let pr = 1;
          let k = 0;
          members.forEach((i, b) => {
            const p = probability(t, scale.items[i]);
            const u = (mask >> b) & 1;
            k += u;
            pr *= u ? p : 1 - p;
          });
          if (k >= row.right) atLeast += w * pr;
          if (k <= row.right) atMost += w * pr;
        }
      }
      const expected = atLeast / norm < 0.025 ? 'strength' : atMost / norm < 0.025 ? 'weakness' : null;
      expect(row.relative, row.category).toBe(expected);
    }
  });

  it('names a category that stands apart beyond error: all of it right where the rest says little is known', () => {
    // Every spatial item right, nothing else right: the other items predict almost none of the spatial ones.
    const responses = bank.map((item) => (item.type === 'spatial' && shown(item) ? 1 : 0) as 0 | 1);
    const rows = subscores(bank, responses, scale.items, shown);
    expect(rows.find((r) => r.category === 'spatial')!.relative).toBe('strength');
    // The reverse: everything right but the spatial items.
    const reverse = bank.map((item) => (item.type === 'spatial' ? 0 : 1) as 0 | 1);
    expect(subscores(bank, reverse, scale.items, shown).find((r) => r.category === 'spatial')!.relative).toBe(
      'weakness',
    );
  });

  it('shows a false strength or weakness to at most 5 % of people when one ability is behind every category', () => {
    const study = subscoreStudy(bank, scale.items, shown, 1500);
    expect(study.anyFlagged).toBeLessThanOrEqual(0.05);
    // What the page would have shown without the error: most people see a 40-point gap between two categories.
    expect(study.wideGap).toBeGreaterThan(0.5);
  });
});

describe('the career lead and its error', () => {
  it('has a band from the binomial variance with Laplace’s estimate, within 0…n', () => {
    // 8 of 8: p = 0.9, SE √0.72 = 0.849 → 8 − 1.66.
    expect(scoreBand(8, 8)).toEqual([6.3, 8]);
    // 4 of 8: p = 0.5, SE √2 → 4 ± 2.77.
    expect(scoreBand(4, 8)).toEqual([1.2, 6.8]);
    expect(scoreBand(0, 8)).toEqual([0, 1.7]);
  });

  it('is beyond error from 4 points on eight statements, whatever the scores; never below', () => {
    for (let x = 0; x <= 8; x++)
      for (let y = 0; y <= x; y++) {
        const beyond = x - y > criticalDifference(x, y, 8);
        expect(beyond, `${x} against ${y}`).toBe(x - y >= 4);
      }
  });

  it('compares the closest type with the next', () => {
    const scores = Object.fromEntries(TYPE_IDS.map((t) => [t, 2])) as Record<TypeId, number>;
    expect(leadOf({ ...scores, 3: 7, 5: 4 }, 3, 5, 8)).toEqual({ points: 3, beyondError: false, nextType: 5 });
    expect(leadOf({ ...scores, 3: 8, 5: 4 }, 3, 5, 8)).toEqual({ points: 4, beyondError: true, nextType: 5 });
  });

  it('tells apart, on simulated retakes, results a retake names again from those it may not', () => {
    const r = retestStudy(1.5, 1500);
    // Most sheets' leads are within error, and a retake names the same type only about half the time …
    expect(r.beyondError).toBeLessThan(0.1);
    expect(r.agreement).toBeLessThan(0.6);
    // … while a lead beyond error is named again far more often.
    expect(r.agreementBeyond).toBeGreaterThan(r.agreementWithin + 0.2);
  });
});

describe('a sheet near chance', () => {
  const formId = SERVED_FORM_IDS[0];
  const bank = iqBank(formId);
  const scale = formScale(formId)!;
  const read = (right: (i: number) => boolean) =>
    scoreIqSheet({
      formId,
      answers: bank.map((item, i) => ({
        questionId: item.id,
        selectedAnswer: right(i) ? item.correctAnswer : (item.correctAnswer + 1) % 6,
        timeSpent: 40_000,
      })),
      timeSpent: 800_000,
      scale,
      reliability: scale.reliability,
    });
  const byDifficulty = scale.items.map((_, i) => i).sort((a, b) => scale.items[a].b - scale.items[b].b);

  it('says the pattern follows the items’ difficulty when the easiest are the ones right, and is no caution', () => {
    const easiest = new Set(byDifficulty.slice(0, 6));
    const r = read((i) => easiest.has(i));
    expect(r).toMatchObject({ nearChance: true, followsDifficulty: true, cautions: [] });
    // Its reading stands: a number with its interval, not "not a measure".
    expect(r.iqBound).toBeNull();
  });

  it('does not, when the same number right are the hardest items (a pattern the person-fit caution takes up)', () => {
    const hardest = new Set(byDifficulty.slice(-6));
    const r = read((i) => hardest.has(i));
    expect([r.nearChance, r.followsDifficulty, r.cautions]).toEqual([true, false, ['misfit']]);
  });

  it('is not near chance with seven right (the 95th percentile of blind picking on twenty six-option items is 6)', () => {
    const r = read((i) => i < 7);
    expect(r.nearChance).toBe(false);
  });

  it('weighs the model against blind picking by the marginal likelihood EAP computes (checked by brute force)', () => {
    const responses = bank.map((_, i) => (i % 4 === 0 ? 1 : 0) as 0 | 1);
    let integral = 0;
    for (let t = -8; t <= 8; t += 0.001)
      integral +=
        ((0.001 * Math.exp((-t * t) / 2)) / Math.sqrt(2 * Math.PI)) *
        scale.items.reduce((l, item, j) => {
          const p = probability(t, item);
          return l * (responses[j] ? p : 1 - p);
        }, 1);
    expect(eap(scale.items, responses).logMarginal).toBeCloseTo(Math.log(integral), 5);
  });
});
