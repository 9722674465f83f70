import { describe, expect, it } from 'vitest';
import {
  IQ_CATEGORIES,
  IQ_FORM_IDS,
  iqBank,
  nextIqForm,
  publicIqQuestions,
  SERVED_FORM_IDS,
  currentForm,
} from '../../src/domain/iq/bank.ts';
import { anchorIds } from '../../src/domain/iq/linking.ts';
import retiredMatrices from '../../src/content/iq/retired-matrices.json' with { type: 'json' };
import { DIFFICULTY_WEIGHTS, MAX_RAW_SCORE } from '../../src/domain/iq/scoring.ts';
import { defensibleOptions } from '../../src/domain/matrices/solve.ts';

const rank = { easy: 1, medium: 2, hard: 3 } as const;
const blueprint = (form: number) =>
  iqBank(form).map((i) => `${i.id}:${i.type}:${i.difficulty}:${i.image ? 'matrix' : 'text'}`);

describe('the parallel IQ forms', () => {
  it('are at least four, with at least 56 authored text items between them', () => {
    expect(IQ_FORM_IDS.length).toBeGreaterThanOrEqual(4);
    expect(IQ_FORM_IDS.flatMap((f) => iqBank(f).filter((i) => !i.image)).length).toBeGreaterThanOrEqual(56);
  });

  it('follow one blueprint: the same type, difficulty and kind of item at every position', () => {
    for (const form of IQ_FORM_IDS) expect(blueprint(form), `form ${form}`).toEqual(blueprint(0));
  });

  it('share no item among the served forms but the anchors, and no matrix with a retired form but its successor', () => {
    // Anchors are shared by version (linking.ts); here by what a person sees, so a copy with new paths is caught too.
    const seen = (f: number) =>
      iqBank(f)
        .filter((i) => !anchorIds(f).has(i.id))
        .map((i) => (i.image ? i.image.alt.en : `${i.question.en} ${i.options.en.join('|')}`));
    const served = SERVED_FORM_IDS.flatMap(seen);
    expect(new Set(served).size).toBe(served.length);
    // Every form's matrices but the anchors, a replaced form's counted in its successor: each on one form only.
    const matrices = IQ_FORM_IDS.filter((f) => currentForm(f) === f).flatMap((f) =>
      iqBank(f)
        .filter((i) => i.image && !anchorIds(f).has(i.id))
        .map((i) => i.image!.alt.en),
    );
    expect(new Set(matrices).size).toBe(matrices.length);
  });

  const formOf = (...args: Parameters<typeof nextIqForm>) => nextIqForm(...args).formId;

  it('serve a form not taken yet while one remains, then the one taken longest ago', () => {
    for (let i = 0; i < 50; i++) expect([8, 10]).toContain(formOf([9, 4], [], Math.random));
    expect(formOf([4, 8, 9], [], () => 0.99)).toBe(10);
    expect(formOf([9, 4, 10, 8])).toBe(9);
    const seen = new Set(Array.from({ length: 200 }, () => formOf([])));
    expect(seen).toEqual(new Set(SERVED_FORM_IDS));
  });

  it('never serve a retired form to a new sitting, whatever was taken before', () => {
    expect(SERVED_FORM_IDS).toEqual([4, 8, 9, 10]);
    for (let i = 0; i < 50; i++) expect(SERVED_FORM_IDS).toContain(formOf([0, 1, 2, 3], [], Math.random));
    expect(formOf([0, 8, 1, 10, 4, 9])).toBe(8);
  });

  it('count a replaced form taken or reviewed as its successor, at the later of the two times', () => {
    // Form 5 taken is form 8 taken (16 of its 20 items): the one form not taken in any guise is 10.
    for (let i = 0; i < 50; i++) expect(formOf([5, 4, 6], [], Math.random)).toBe(10);
    // Every form taken; 6 long ago, 9 (its successor) most recently: 9 counts as taken last.
    expect(formOf([6, 8, 10, 4, 9])).toBe(8);
    // Form 7's worked answers seen: form 10 is never served while another is unseen.
    for (let i = 0; i < 50; i++) expect(formOf([], [7], Math.random)).not.toBe(10);
    expect(nextIqForm([], [5, 4, 9, 7])).toEqual({ formId: 8, reviewed: true });
  });

  it('never serve a form whose worked answers were seen while an unseen one remains, and say so when none does', () => {
    // Every form taken, 9 and 4 reviewed: the oldest taken of the unseen ones (10), not the oldest taken (9).
    expect(nextIqForm([9, 4, 10, 8], [9, 4])).toEqual({ formId: 10, reviewed: false });
    // Untaken forms first among the unseen; a reviewed untaken form (8) is never chosen.
    for (let i = 0; i < 50; i++) expect(formOf([4], [8, 9], Math.random)).toBe(10);
    // All seen: the one seen longest ago, flagged.
    expect(nextIqForm([4, 8, 9, 10], [8, 10, 4, 9])).toEqual({ formId: 8, reviewed: true });
    expect(nextIqForm([], [0, 9, 4, 10, 8])).toEqual({ formId: 9, reviewed: true });
  });

  it('keep the matrices of the retired forms exactly as they were drawn, so saved results score as they did', () => {
    for (const form of [0, 1, 2, 3])
      for (const item of iqBank(form).filter((i) => i.image))
        expect(item.image!.matrix).toEqual((retiredMatrices as Record<string, unknown>)[`${form}/${item.id}`]);
  });
});

describe.each(IQ_FORM_IDS.map((f) => [f]))('IQ form %i', (form) => {
  const bank = iqBank(form);

  it('has 20 items numbered 1–20 weighing exactly 43 points, the maximum the percentile table assumes', () => {
    expect(bank.map((i) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(bank.reduce((s, i) => s + DIFFICULTY_WEIGHTS[i.difficulty], 0)).toBe(MAX_RAW_SCORE);
  });

  it('has all four types and difficulty that never falls through the form', () => {
    expect(new Set(bank.map((i) => i.type))).toEqual(new Set(IQ_CATEGORIES));
    for (let i = 1; i < bank.length; i++)
      expect(rank[bank[i].difficulty]).toBeGreaterThanOrEqual(rank[bank[i - 1].difficulty]);
  });

  it('gives every item both languages, six distinct options and an explanation', () => {
    for (const item of bank) {
      for (const lang of ['uk', 'en'] as const) {
        expect(item.question[lang].trim(), `${item.id} ${lang}`).not.toBe('');
        expect(item.options[lang]).toHaveLength(6);
        expect(new Set(item.options[lang]).size, `${item.id} ${lang} options distinct`).toBe(6);
        expect(item.explanation[lang].length, `${item.id} ${lang}`).toBeGreaterThan(20);
      }
      expect(item.correctAnswer).toBeGreaterThanOrEqual(0);
      expect(item.correctAnswer).toBeLessThan(6);
    }
  });

  it('writes Ukrainian in Cyrillic with its own apostrophe, and English in Latin script', () => {
    for (const item of bank.filter((i) => !i.image)) {
      const uk = [item.question.uk, ...item.options.uk, item.explanation.uk].join(' ');
      expect(item.question.uk).toMatch(/[а-яіїєґ]/i);
      expect(uk, `${form}/${item.id}`).not.toMatch(/[ыэъё']/i);
      const en = [item.question.en, ...item.options.en, item.explanation.en].join(' ');
      expect(en, `${form}/${item.id}`).not.toMatch(/[а-яіїєґ]/i);
    }
  });

  it('makes every spatial item a generated matrix with text alternatives in both languages', () => {
    const spatial = bank.filter((i) => i.type === 'spatial');
    expect(spatial.length).toBe(6);
    for (const item of spatial) {
      const image = item.image!;
      expect(image.src).toBe(`/images/iq/f${form}-q${item.id}.svg`);
      expect(item.options.uk[0]).toBe(`/images/iq/f${form}-q${item.id}-1.svg`);
      expect(image.alt.uk).toMatch(/^Матриця 3 на 3\./);
      expect(image.alt.en).toMatch(/^A 3 by 3 matrix\./);
      expect(new Set(image.optionAlts.en).size).toBe(6);
      expect(new Set(image.optionAlts.uk).size).toBe(6);
      expect(defensibleOptions(image.matrix.matrix.panels, image.matrix.options)).toEqual([item.correctAnswer]);
    }
  });

  it('spreads the correct answers over the option positions', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (const item of bank) counts[item.correctAnswer]++;
    expect(counts.filter((n) => n > 0).length, `form ${form}: ${counts}`).toBeGreaterThanOrEqual(5);
    expect(Math.max(...counts), `form ${form}: ${counts}`).toBeLessThanOrEqual(6);
  });

  it('ships questions to the browser without answers or explanations', () => {
    for (const lang of ['uk', 'en'] as const) {
      const text = JSON.stringify(publicIqQuestions(lang, form));
      expect(text).not.toContain('correctAnswer');
      expect(text).not.toContain('explanation');
      expect(text).not.toContain(bank[0].explanation[lang]);
    }
  });
});
