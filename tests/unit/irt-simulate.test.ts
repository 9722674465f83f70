/** The simulation study (npm run items:simulate): calibration and EAP on a served form's blueprint, known truth. */
import { describe, expect, it } from 'vitest';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { provisionalItem, simulateForm } from '../../src/domain/irt/simulate.ts';
import { shownRanges } from '../../src/domain/iq/study.ts';

describe('the simulation study', () => {
  const labels = iqBank(SERVED_FORM_IDS[0]).map((item) => item.difficulty);
  const study = simulateForm(labels, 2000, 1004);

  it('recovers the items and gives a 95 % interval that holds the true ability 93–97 % of the time', () => {
    expect(study.converged).toBe(true);
    expect(study.rmseB).toBeLessThan(0.15);
    expect(study.rmseA).toBeLessThan(0.2);
    expect(study.correlation).toBeGreaterThan(0.75);
    expect(study.coverage).toBeGreaterThanOrEqual(0.93);
    expect(study.coverage).toBeLessThanOrEqual(0.97);
    // The form cannot tell abilities apart beyond its items: an all-right sheet reads well short of +3.
    expect(study.range.estimated[1]).toBeLessThan(3);
    expect(study.range.estimated[0]).toBeGreaterThan(-3);
  });

  it('says how what people are shown changes from provisional to calibrated parameters', () => {
    const shown = shownRanges(labels, study);
    // Calibration recovers what the true items would show: the measured range within a few points, the shares
    // read as bounds within a few percent.
    for (const end of [0, 1])
      expect(Math.abs(shown.estimated.measured[end] - shown.truth.measured[end])).toBeLessThan(5);
    expect(Math.abs(shown.estimated.below - shown.truth.below)).toBeLessThan(0.04);
    expect(Math.abs(shown.estimated.above - shown.truth.above)).toBeLessThan(0.02);
    // Items near their labels: the provisional reading is off by a point or two on average. An estimate under the
    // bottom of what the form measures (a six-option guessing floor leaves the low end poorly measured) is read as
    // "below Y" — about one person in 200; none reads "above X" (a perfect sheet reads about 134, under the top).
    expect(shown.meanShift).toBeLessThan(3);
    expect(shown.provisional.below).toBeGreaterThan(0.001);
    expect(shown.provisional.below).toBeLessThan(0.02);
    expect(shown.provisional.above).toBe(0);
    expect(shown.provisional.measured).toEqual([72, 145]);
  });

  it('is the same study every run (seeded)', () => {
    expect(simulateForm(labels, 300, 7)).toEqual(simulateForm(labels, 300, 7));
  });

  it('states provisional parameters from the labels: a 1, b −1/0/+1, the six-option floor', () => {
    expect(provisionalItem('q1', 'easy')).toEqual({ id: 'q1', a: 1, b: -1, c: 1 / 6 });
    expect(provisionalItem('q9', 'hard').b).toBe(1);
  });
});
