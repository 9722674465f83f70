import { describe, expect, it } from 'vitest';
import { iqBank } from '../../src/domain/iq/bank.ts';
import { CORE_QUESTIONS, legacyCoreInOrder } from '../../src/domain/career/questions.ts';
import { tieAfterCore } from '../../src/domain/career/scoring.ts';
import { checkCareerSheet, checkIqSheet } from '../../src/domain/sheets.ts';

const bank = iqBank(2);
const iq = () => bank.map((item) => ({ questionId: item.id, selectedAnswer: 0, timeSpent: 1 }));
const core = () => legacyCoreInOrder().map((q, i) => ({ questionId: q.id, selectedAnswer: i % 3 === 0, timeSpent: 1 }));

describe('IQ answer sheets', () => {
  it('accept one answer per item', () => expect(checkIqSheet(bank, iq())).toBeNull());
  it('refuse an unknown item', () =>
    expect(checkIqSheet(bank, [...iq().slice(1), { questionId: 99, selectedAnswer: 0, timeSpent: 1 }])).toBe(
      'score.error.unknown_question',
    ));
  it('refuse two answers to one item', () =>
    expect(checkIqSheet(bank, [...iq().slice(1), { ...iq()[2] }])).toBe('score.error.duplicate_answer'));
  it('refuse an option that does not exist', () =>
    expect(
      checkIqSheet(
        bank,
        iq().map((a, i) => (i === 4 ? { ...a, selectedAnswer: 6 } : a)),
      ),
    ).toBe('score.error.option_out_of_range'));
  it('refuse a sheet with items missing', () =>
    expect(checkIqSheet(bank, iq().slice(0, 19))).toBe('score.error.answer_count'));
});

describe('career answer sheets', () => {
  it('take the whole core set, reverse-keyed statements included, or the set of before (no reverse-keyed one)', () => {
    const all = CORE_QUESTIONS.map((q) => ({ questionId: q.id, selectedAnswer: q.type === 2, timeSpent: 1 }));
    expect(checkCareerSheet(all)).toBeNull();
    const oneReverse = [
      ...core(),
      { questionId: CORE_QUESTIONS.find((q) => q.reverse)!.id, selectedAnswer: true, timeSpent: 1 },
    ];
    expect(checkCareerSheet(oneReverse)).toBe('score.error.answer_count');
  });
  it('accept all core statements when there is no tie', () => {
    const sheet = core().map((a, i) => ({ ...a, selectedAnswer: i === 0 }));
    expect(tieAfterCore(sheet).tiedTypes).toEqual([]);
    expect(checkCareerSheet(sheet)).toBeNull();
  });
  it('refuse a sheet missing a core statement', () =>
    expect(checkCareerSheet(core().slice(1))).toBe('score.error.answer_count'));
  it('require the tie-break statements of a tie, and only those', () => {
    const eightAndNine = new Set(
      legacyCoreInOrder()
        .filter((q) => q.type >= 8)
        .map((q) => q.id),
    );
    const tied = core().map((a) => ({ ...a, selectedAnswer: eightAndNine.has(a.questionId) })); // 8 and 9 tie with 6 Yes each
    const { tieBreak } = tieAfterCore(tied);
    expect(tieBreak.map((q) => q.type).sort()).toEqual([8, 8, 8, 8, 8, 9, 9, 9, 9, 9]);
    expect(checkCareerSheet(tied)).toBe('score.error.answer_count');
    const complete = [...tied, ...tieBreak.map((q) => ({ questionId: q.id, selectedAnswer: false, timeSpent: 1 }))];
    expect(checkCareerSheet(complete)).toBeNull();
    expect(checkCareerSheet([...complete, { questionId: 57, selectedAnswer: true, timeSpent: 1 }])).toBe(
      'score.error.unexpected_tiebreak',
    ); // type 1's
  });
  it('refuse tie-break statements when nothing is tied', () => {
    const sheet = core().map((a, i) => ({ ...a, selectedAnswer: i === 0 }));
    expect(checkCareerSheet([...sheet, { questionId: 60, selectedAnswer: true, timeSpent: 1 }])).toBe(
      'score.error.unexpected_tiebreak',
    );
  });
  it('refuse unknown and repeated statements', () => {
    expect(checkCareerSheet([...core(), { questionId: 999, selectedAnswer: true, timeSpent: 1 }])).toBe(
      'score.error.unknown_question',
    );
    expect(checkCareerSheet([...core(), core()[5]])).toBe('score.error.duplicate_answer');
  });
});
