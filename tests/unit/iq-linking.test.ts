import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentForm, IQ_FORM_IDS, iqBank, SERVED_FORM_IDS } from '../../src/domain/iq/bank.ts';
import { itemVersion } from '../../src/domain/iq/item-version.ts';
import { anchorIds, formsRevealedBy } from '../../src/domain/iq/linking.ts';
import { scoreIqSheet } from '../../src/domain/iq/scoring.ts';
import { formScale } from '../../src/domain/iq/scale.ts';
import { iqView } from '../../src/domain/views.ts';

const versions = (form: number) => new Set(iqBank(form).map(itemVersion));

describe('anchor items linking the served forms (issue 29, point 4)', () => {
  it('every pair of served forms shares at least four items, by version, at the same positions', () => {
    for (const a of SERVED_FORM_IDS)
      for (const b of SERVED_FORM_IDS.filter((f) => f > a)) {
        const shared = iqBank(a).filter((item, i) => itemVersion(item) === itemVersion(iqBank(b)[i]));
        expect(shared.length, `forms ${a} and ${b}`).toBeGreaterThanOrEqual(4);
        expect([...versions(a)].filter((v) => versions(b).has(v)).length).toBe(shared.length);
      }
  });

  it('the anchors are a mini-test: one of each category, easy to hard, the same on every served form', () => {
    const anchors = SERVED_FORM_IDS.map((f) =>
      iqBank(f)
        .filter((item) => anchorIds(f).has(item.id))
        .map(itemVersion),
    );
    for (const a of anchors) expect(a).toEqual(anchors[0]);
    const items = iqBank(SERVED_FORM_IDS[0]).filter((item) => anchorIds(SERVED_FORM_IDS[0]).has(item.id));
    expect(items.map((i) => i.id)).toEqual([2, 8, 10, 18]);
    expect(new Set(items.map((i) => i.type))).toEqual(new Set(['verbal', 'mathematical', 'spatial', 'logical']));
    expect(new Set(items.map((i) => i.difficulty))).toEqual(new Set(['easy', 'medium', 'hard']));
  });

  it('a replaced form lives on in its successor: the same items but the anchors', () => {
    for (const form of IQ_FORM_IDS.filter((f) => currentForm(f) !== f)) {
      const next = currentForm(form);
      expect(SERVED_FORM_IDS).toContain(next);
      iqBank(form).forEach((item, i) => {
        const same = itemVersion(item) === itemVersion(iqBank(next)[i]);
        expect(same, `form ${form} item ${item.id}`).toBe(!anchorIds(next).has(item.id));
      });
    }
  });

  it('a review gives away the forms presenting an item it shows, and never the anchors', () => {
    // Among the served forms: form 4's review gives away no other (its anchors withheld), a retired form's its
    // successor's items and those it kept into a served form; 0–3 kept items into 4–7 (issue 26).
    const served = (forms: number[]) => forms.filter((f) => SERVED_FORM_IDS.includes(f));
    expect(served(formsRevealedBy(4))).toEqual([4]);
    expect(served(formsRevealedBy(8))).toEqual([8]);
    expect(formsRevealedBy(5)).toContain(8);
    expect(formsRevealedBy(8)).toContain(5);
    expect(served(formsRevealedBy(10))).toEqual([10]);
    expect(served(formsRevealedBy(0))).toEqual([4]);
    for (const form of IQ_FORM_IDS) {
      expect(formsRevealedBy(form)).toContain(form);
      const shown = new Set(
        iqBank(form)
          .filter((i) => !anchorIds(form).has(i.id))
          .map(itemVersion),
      );
      for (const other of IQ_FORM_IDS)
        expect(formsRevealedBy(form).includes(other), `${form} → ${other}`).toBe(
          other === form || [...versions(other)].some((v) => shown.has(v)),
        );
    }
  });

  it('migration 0013 records, for reviews seen before, every new form they had shown an item of', () => {
    // Before the anchors were withheld a review showed all 20 items: it gave away every form sharing any of them.
    const before = [0, 1, 2, 3, 4, 5, 6, 7].flatMap((from) =>
      SERVED_FORM_IDS.filter((to) => to !== from && [...versions(from)].some((v) => versions(to).has(v))).map(
        (to) => `(${from}, ${to})`,
      ),
    );
    const sql = readFileSync(new URL('../../db/migrations/0013_anchor_forms.sql', import.meta.url), 'utf8');
    const pairs = sql.match(/VALUES ((?:\(\d+, \d+\)(?:, )?)+)/)![1].match(/\(\d+, \d+\)/g);
    expect(pairs!.slice().sort()).toEqual(before.slice().sort());
  });

  it("the premium review withholds the anchors' question-by-question outcome, answer, key and explanation", () => {
    for (const form of SERVED_FORM_IDS) {
      const bank = iqBank(form);
      const answers = bank.map((item) => ({
        questionId: item.id,
        selectedAnswer: item.correctAnswer,
        timeSpent: 40_000,
      }));
      const result = scoreIqSheet({
        formId: form,
        answers,
        timeSpent: 800_000,
        reliability: 0.75,
        scale: formScale(form)!,
      });
      for (const lang of ['uk', 'en'] as const) {
        const view = iqView(result, 'full', lang);
        if (!('review' in view)) throw new Error('the full view has a review');
        for (const entry of view.review) {
          const item = bank.find((i) => i.id === entry.questionId)!;
          if (anchorIds(form).has(item.id)) {
            expect(Object.keys(entry).sort()).toEqual(
              [
                'questionId',
                'type',
                'difficulty',
                'options',
                'question',
                'withheld',
                ...(item.image ? ['image'] : []),
              ].sort(),
            );
            expect(JSON.stringify(entry)).not.toContain(item.explanation[lang]);
          } else {
            expect(entry).toMatchObject({ withheld: false, correct: true, correctAnswer: item.correctAnswer });
            expect(entry).toHaveProperty('explanation', item.explanation[lang]);
          }
        }
        expect(view.review.filter((e) => e.withheld)).toHaveLength(4);
      }
    }
  });

  it('two sheets apart only in the anchors show the same breakdown and review: nothing tells an anchor right or wrong', () => {
    for (const form of SERVED_FORM_IDS) {
      const bank = iqBank(form);
      const sheet = (anchorsRight: boolean) =>
        scoreIqSheet({
          formId: form,
          reliability: 0.75,
          scale: formScale(form)!,
          timeSpent: 800_000,
          answers: bank.map((item) => ({
            questionId: item.id,
            selectedAnswer: (anchorIds(form).has(item.id) ? anchorsRight : item.id % 3 === 0)
              ? item.correctAnswer
              : (item.correctAnswer + 1) % 6,
            timeSpent: 40_000,
          })),
        });
      const [right, wrong] = [sheet(true), sheet(false)].map((r) => iqView(r, 'full', 'en'));
      if (!('review' in right) || !('review' in wrong)) throw new Error('the full view has a review');
      expect(right.breakdown).toEqual(wrong.breakdown);
      expect(right.review).toEqual(wrong.review);
      expect(right.correctAnswers).not.toBe(wrong.correctAnswers);
    }
  });
});
