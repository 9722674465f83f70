/**
 * The product's reading since item response theory (issue 29, points 3 and 5): each sheet scored by EAP on its
 * form's scale, IQ = 100 + 15·θ with the person's own 95 % interval, a number only where the estimate lies inside
 * what the form measures, "above X" / "below Y" (the range's ends) beyond, never lower for a better sheet, every
 * figure and word from that one reading, and the person-fit caution.
 */
import { describe, expect, it } from 'vitest';
import { iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { scoreIqSheet, type IqAnswer } from '../../src/domain/iq/scoring.ts';
import { formScale, marginalReliability, MEASURED_MAX_SE, PROVISIONAL_SCALE } from '../../src/domain/iq/scale.ts';
import { itemVersion } from '../../src/domain/iq/item-version.ts';
import { ratingLabel, readTheta } from '../../src/domain/iq/reading.ts';
import { eap } from '../../src/domain/irt/score.ts';
import { standardError } from '../../src/domain/irt/information.ts';
import { probability } from '../../src/domain/irt/model.ts';
import { seeded } from '../../src/domain/irt/simulate.ts';
import { iqReadingTexts } from '../../src/lib/iq-reading.ts';
import { t } from '../../src/i18n/index.ts';

const en = (key: string, vars?: Record<string, string | number>) => t('en', key, vars);
const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));

/** A sheet with the items `right` says right (the others a wrong option), 30 s each: no speed caution. */
const sheetOf = (formId: number, right: (index: number) => boolean): IqAnswer[] =>
  iqBank(formId).map((item, i) => ({
    questionId: item.id,
    selectedAnswer: right(i) ? item.correctAnswer : (item.correctAnswer + 1 + (i % 5)) % 6,
    timeSpent: 30_000,
  }));

const read = (formId: number, right: (index: number) => boolean) => {
  const scale = formScale(formId)!;
  return scoreIqSheet({ formId, answers: sheetOf(formId, right), timeSpent: 600_000, scale, reliability: 0 });
};

describe.each(SERVED_FORM_IDS.map((f) => [f]))('form %i on the provisional scale', (formId) => {
  const scale = formScale(formId)!;

  it('is the provisional scale, stated as such, with parameters from the labels', () => {
    expect(scale).toMatchObject({ id: PROVISIONAL_SCALE, provisional: true, formId });
    iqBank(formId).forEach((item, i) => {
      expect(scale.items[i]).toEqual({
        id: itemVersion(item),
        a: 1,
        b: { easy: -1, medium: 0, hard: 1 }[item.difficulty],
        c: 1 / 6,
      });
    });
  });

  it("measures where its standard error is at most 1, and says so by the form's information", () => {
    const [low, high] = scale.measured;
    expect(standardError(scale.items, low)).toBeLessThanOrEqual(MEASURED_MAX_SE);
    expect(standardError(scale.items, high)).toBeLessThanOrEqual(MEASURED_MAX_SE);
    expect(standardError(scale.items, low - 0.02)).toBeGreaterThan(MEASURED_MAX_SE);
    expect(standardError(scale.items, high + 0.02)).toBeGreaterThan(MEASURED_MAX_SE);
  });

  it('reads IQ = 100 + 15·θ (EAP) with a 95 % interval of ±1.96 posterior SDs, recorded with the scale', () => {
    const half = (i: number) => i % 2 === 0;
    const r = read(formId, half);
    const { theta, sd } = eap(
      scale.items,
      iqBank(formId).map((_, i) => (half(i) ? 1 : 0)),
    );
    expect(r.scale).toEqual({ id: PROVISIONAL_SCALE, provisional: true });
    expect(r.iqEstimate).toBe(Math.round(100 + 15 * theta));
    expect(r.iqInterval).toEqual([
      Math.round(100 + 15 * (theta - 1.96 * sd)),
      Math.round(100 + 15 * (theta + 1.96 * sd)),
    ]);
    expect(r.reliability).toBe(scale.reliability);
  });

  it('gives each person an interval of their own: wider where the form has few items near them', () => {
    const widths = [4, 10, 16].map((k) => {
      const r = read(formId, (i) => i < k);
      return r.iqInterval[1] - r.iqInterval[0];
    });
    expect(new Set(widths).size).toBeGreaterThan(1);
    expect(widths[1]).toBeLessThan(widths[0]);
  });

  it('shows a number only where the estimate lies inside what the form measures; beyond, above X / below Y', () => {
    const [bottom, top] = scale.measured.map((t) => Math.round(100 + 15 * t));
    // Every number right, from the easiest items up and from the hardest down.
    const order = scale.items.map((_, j) => j).sort((a, b) => scale.items[a].b - scale.items[b].b);
    const kinds = new Set<string | null>();
    for (const reversed of [false, true]) {
      for (let k = 0; k <= 20; k++) {
        const right = new Set((reversed ? [...order].reverse() : order).slice(0, k));
        const r = read(formId, (i) => right.has(i));
        const at = `${k} right${reversed ? ', hardest first' : ''}`;
        const { theta } = eap(
          scale.items,
          scale.items.map((_, i) => (right.has(i) ? 1 : 0)),
        );
        const estimate = Math.round(100 + 15 * theta);
        kinds.add(r.iqBound);
        expect(r.iqEstimate, at).toBe(estimate);
        expect(r.iqMeasured, at).toEqual([bottom, top]);
        if (r.iqBound === null) expect(estimate >= bottom && estimate <= top, at).toBe(true);
        if (r.iqBound === 'above') expect([estimate > top, r.iqBoundAt], at).toEqual([true, top]);
        if (r.iqBound === 'below') expect([estimate < bottom, r.iqBoundAt], at).toEqual([true, bottom]);
        const shown = r.iqBoundAt ?? r.iqEstimate;
        expect(r.ratingLabel, at).toBe(ratingLabel(shown));
        // The reading's standard error is its posterior SD on the IQ scale, what its interval is made of.
        expect(r.iqSe, at).toBeCloseTo(
          15 *
            eap(
              scale.items,
              scale.items.map((_, i) => (right.has(i) ? 1 : 0)),
            ).sd,
          10,
        );
      }
    }
    // The served forms place no estimate above their top (a perfect sheet reads about 134), and a few below the bottom.
    expect([...kinds].sort()).toEqual(['below', null]);
  });

  it('never reads a sheet lower when one of its answers goes from wrong to right (figure and band)', () => {
    // The order a page's reader sees: "below Y" < any number < "above X", numbers by size.
    const rank = (r: ReturnType<typeof read>) =>
      (r.iqBound === 'below' ? -1000 : r.iqBound === 'above' ? 1000 : 0) + (r.iqBoundAt ?? r.iqEstimate);
    const bands = ['low', 'belowAverage', 'average', 'aboveAverage', 'superior', 'gifted', 'genius'];
    const { random } = seeded(31 + formId);
    for (let n = 0; n < 150; n++) {
      const pattern = scale.items.map(() => random() < 0.6);
      const wrong = pattern.flatMap((ok, i) => (ok ? [] : [i]));
      if (!wrong.length) continue;
      const flip = wrong[Math.floor(random() * wrong.length)];
      const before = read(formId, (i) => pattern[i]);
      const after = read(formId, (i) => pattern[i] || i === flip);
      const at = `${pattern.map(Number).join('')} +${flip}`;
      expect(rank(after), at).toBeGreaterThanOrEqual(rank(before));
      expect(bands.indexOf(after.ratingLabel), at).toBeGreaterThanOrEqual(bands.indexOf(before.ratingLabel));
    }
  });

  it('reads a perfect sheet as the highest figure the form gives, with its interval said up to the top', () => {
    const perfect = read(formId, () => true);
    const second = read(formId, (i) => i !== 0);
    const twoWrong = read(formId, (i) => i > 1);
    expect(perfect.iqBound).toBeNull();
    expect(perfect.iqEstimate).toBeGreaterThan(second.iqEstimate);
    expect(second.iqEstimate).toBeGreaterThan(twoWrong.iqEstimate);
    expect(perfect.cautions).toEqual([]);
    expect(perfect.nearChance).toBe(false);
    // Its interval runs past what the form measures: said as "from X up", X the interval's start.
    expect(perfect.iqInterval[1]).toBeGreaterThan(perfect.iqMeasured[1]);
    const texts = iqReadingTexts(en, perfect);
    expect(texts.value).toBe(String(perfect.iqEstimate));
    expect(texts.interval).toBe(
      `95% interval: from ${perfect.iqInterval[0]} up; this form measures only up to about ${perfect.iqMeasured[1]}`,
    );
    const none = read(formId, () => false);
    expect(none.iqBound).toBe('below');
    expect(none.iqBoundAt).toBe(none.iqMeasured[0]);
    expect(iqReadingTexts(en, none).value).toBe(`below ${none.iqMeasured[0]}`);
    // Nothing right is near chance — a notice, not a caution: no behaviour caution comes of the count alone.
    expect(none.nearChance).toBe(true);
    expect(none.cautions).toEqual([]);
  });

  it('reads the same number right differently by which items were right (the pattern, not the count)', () => {
    const order = scale.items.map((_, j) => j).sort((a, b) => scale.items[a].b - scale.items[b].b);
    const easy = new Set(order.slice(0, 10));
    const hard = new Set(order.slice(10));
    const a = read(formId, (i) => easy.has(i));
    const b = read(formId, (i) => hard.has(i));
    expect(a.correctAnswers).toBe(b.correctAnswers);
    expect(a.iqEstimate).not.toBe(b.iqEstimate);
  });

  it('cautions a sheet with the hard items right and the easy ones wrong (person fit, lz*)', () => {
    const order = scale.items.map((_, j) => j).sort((a, b) => scale.items[a].b - scale.items[b].b);
    const hardest = new Set(order.slice(-8));
    expect(read(formId, (i) => hardest.has(i)).cautions).toContain('misfit');
    const easiest = new Set(order.slice(0, 12));
    expect(read(formId, (i) => easiest.has(i)).cautions).not.toContain('misfit');
  });
});

describe('the person-fit caution on sheets that follow the model', () => {
  it('flags about 1 in 100 (the one-sided 1 % of lz*), not the 1 in 20 a 5 % cut would', () => {
    const formId = SERVED_FORM_IDS[0];
    const scale = formScale(formId)!;
    const { random, normal } = seeded(7);
    const people = 3000;
    let flagged = 0;
    for (let p = 0; p < people; p++) {
      const theta = normal();
      const right = scale.items.map((item) => random() < probability(theta, item));
      if (read(formId, (i) => right[i]).cautions.includes('misfit')) flagged++;
    }
    expect(flagged / people).toBeGreaterThan(0.002);
    expect(flagged / people).toBeLessThan(0.025);
  });
});

describe('marginal reliability', () => {
  it('is the share of variance the EAP readings keep, the same figure every process computes', () => {
    const scale = formScale(SERVED_FORM_IDS[0])!;
    expect(scale.reliability).toBe(marginalReliability(scale.items));
    expect(scale.reliability).toBeGreaterThan(0.6);
    expect(scale.reliability).toBeLessThan(0.85);
    // More items of the same kind measure more reliably.
    const doubled = [...scale.items, ...scale.items.map((item) => ({ ...item, id: `${item.id}'` }))];
    expect(marginalReliability(doubled)).toBeGreaterThan(scale.reliability);
  });
});

describe('a calibrated scale', () => {
  const formId = SERVED_FORM_IDS[0];
  const versions = iqBank(formId).map(itemVersion);
  const calibrated = { id: 'c-test', items: versions.map((id, i) => ({ id, a: 1.4, b: -2 + (4 * i) / 19, c: 0.15 })) };

  it('reads a form it holds every item of, by item version, whatever the form calls them', () => {
    const scale = formScale(formId, calibrated)!;
    expect(scale).toMatchObject({ id: 'c-test', provisional: false });
    expect(scale.items.map((i) => i.b)).toEqual(calibrated.items.map((i) => i.b));
    const r = scoreIqSheet({
      formId,
      answers: sheetOf(formId, (i) => i < 10),
      timeSpent: 600_000,
      scale,
      reliability: 0,
    });
    expect(r.scale).toEqual({ id: 'c-test', provisional: false });
  });

  it('does not hold a form one of whose items it lacks (an edited item is a new item)', () => {
    expect(formScale(formId, { ...calibrated, id: 'c-partial', items: calibrated.items.slice(1) })).toBeNull();
    const other = SERVED_FORM_IDS.find((f) => f !== formId)!;
    expect(formScale(other, calibrated)).toBeNull();
  });
});

describe.each(['uk', 'en'] as const)('the words of a reading in %s', (lang) => {
  const tr = (key: string, vars?: Record<string, string | number>) => t(lang, key, vars);
  it('say exactly the figures the reading computed, for every number right', () => {
    const formId = SERVED_FORM_IDS[1];
    for (let k = 0; k <= 20; k++) {
      const r = read(formId, (i) => i < k);
      const texts = iqReadingTexts(tr, r);
      const at = `${k} right`;
      const label = tr(`iq.label.${r.ratingLabel}`);
      if (r.iqBound) expect(numbers(texts.value), at).toEqual([r.iqBoundAt]);
      else expect(texts.value, at).toBe(String(r.iqEstimate));
      // "Low or lower" would say a band that does not exist; a closed band says its range of the scale.
      expect(texts.band, at).toBe(
        r.iqBound === 'below' && r.ratingLabel !== 'low'
          ? tr('results.iq.band.below', { label })
          : tr('results.iq.band', { label, range: tr(`iq.range.${r.ratingLabel}`) }),
      );
      // The interval is said as far as the form measures, whatever the figure.
      const [bottom, top] = r.iqMeasured;
      expect(numbers(texts.interval), at).toEqual(
        r.iqInterval[1] > top
          ? [95, r.iqInterval[0], top]
          : r.iqInterval[0] < bottom
            ? [95, r.iqInterval[1], bottom]
            : [95, ...r.iqInterval],
      );
      for (const text of Object.values(texts)) expect(text, at).not.toContain('{');
    }
  });
});

describe('readTheta', () => {
  it('bounds by the estimate at the ends of the range, and says an interval wider than the range as such', () => {
    const measured: [number, number] = [-0.5, 0.5];
    expect(readTheta({ theta: 0.3, sd: 2 }, measured, 0.5)).toMatchObject({ iqBound: null, iqEstimate: 105 });
    expect(readTheta({ theta: 0.7, sd: 0.1 }, measured, 0.5)).toMatchObject({ iqBound: 'above', iqBoundAt: 108 });
    expect(readTheta({ theta: -0.7, sd: 0.1 }, measured, 0.5)).toMatchObject({ iqBound: 'below', iqBoundAt: 93 });
    const wide = iqReadingTexts(en, readTheta({ theta: 0.3, sd: 2 }, measured, 0.5));
    expect(wide.interval).toBe('95% interval: wider than this form measures (about 93 to 108)');
  });
});

describe('marginal reliability, checked against EAP itself', () => {
  it("is var(EAP) / (var(EAP) + mean PSD²) of score.ts's own readings of the same simulated people", () => {
    const items = formScale(SERVED_FORM_IDS[2])!.items;
    const { random, normal } = seeded(29);
    const readings = Array.from({ length: 500 }, () => {
      const theta = normal();
      return eap(
        items,
        items.map((item) => (random() < probability(theta, item) ? 1 : 0)),
      );
    });
    const mean = readings.reduce((s, r) => s + r.theta, 0) / readings.length;
    const variance = readings.reduce((s, r) => s + (r.theta - mean) ** 2, 0) / readings.length;
    const error = readings.reduce((s, r) => s + r.sd ** 2, 0) / readings.length;
    expect(marginalReliability(items, 500, 29)).toBeCloseTo(variance / (variance + error), 10);
  });
});
