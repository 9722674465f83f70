import { describe, expect, it } from 'vitest';
import { certificateRefusal } from '../../src/lib/server/certificates.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';
import { CORE_QUESTIONS } from '../../src/domain/career/questions.ts';
import { scoreCareerAnswers, tieAfterCore } from '../../src/domain/career/scoring.ts';

/** A stored IQ row of form 5: the first `right` items right, `ms` an item. */
const row = (right: number, ms: number, submission_key = 'sit:abc', key_seen = false) => {
  const answers = iqBank(5).map((item, i) => ({
    questionId: item.id,
    selectedAnswer: i < right ? item.correctAnswer : (item.correctAnswer + 1) % 6,
    timeSpent: ms,
  }));
  return {
    kind: 'iq' as const,
    answers,
    time_spent: ms * answers.length,
    form_id: 5,
    reliability: 0.75,
    key_seen,
    submission_key,
  };
};

describe('who earns a certificate', () => {
  it('a careful sheet does; a rushed or key-seen one does not', () => {
    expect(certificateRefusal(row(16, 30_000))).toBeNull();
    expect(certificateRefusal(row(16, 500))).toBe('certificate.error.caution');
    expect(certificateRefusal(row(16, 30_000, 'sit:abc', true))).toBe('certificate.error.caution');
  });

  it('a sheet near chance does not either: not for a caution, but because the form cannot certify a figure there', () => {
    expect(certificateRefusal(row(0, 30_000))).toBe('certificate.error.near_chance');
    // A caution is the stronger reason, and is said first.
    expect(certificateRefusal(row(0, 500))).toBe('certificate.error.caution');
  });

  it('a copy another account saved first does not, however careful', () => {
    expect(certificateRefusal(row(16, 30_000, 'dup:0f:tok:xyz'))).toBe('certificate.error.duplicate');
  });
});

/** A stored career row: the core statements giving `points[t]` points to type t, then the tie-break as `tieBreak` says. */
const careerRow = (points: Record<number, number>, tieBreak: (id: number) => boolean = () => false) => {
  const used = new Map<number, number>();
  const core = CORE_QUESTIONS.map((q) => {
    const n = used.get(q.type) ?? 0;
    used.set(q.type, n + 1);
    const point = n < (points[q.type] ?? 0);
    return { questionId: q.id, selectedAnswer: q.reverse ? !point : point, timeSpent: 6000 };
  });
  const extra = tieAfterCore(core).tieBreak.map((q) => ({
    questionId: q.id,
    selectedAnswer: tieBreak(q.id),
    timeSpent: 6000,
  }));
  const answers = [...core, ...extra];
  return {
    kind: 'professional' as const,
    answers,
    time_spent: 6000 * answers.length,
    submission_key: 'sit:car',
    key_seen: false,
    reliability: null,
    form_id: null,
  };
};

describe('who earns a career certificate', () => {
  it('a clear type does; three types level after the tie-break get their own refusal, not a caution', () => {
    const clear = careerRow({ 5: 7, 2: 4, 1: 1, 3: 2, 4: 3, 6: 2, 7: 1, 8: 2, 9: 3 });
    expect(scoreCareerAnswers(clear.answers, clear.time_spent, 'uk').cautions).toEqual([]);
    expect(certificateRefusal(clear)).toBeNull();
    const level = careerRow({ 2: 4, 6: 4, 9: 4, 1: 2, 3: 1, 4: 3, 5: 2, 7: 1, 8: 2 }, (id) => id % 2 === 0);
    const scored = scoreCareerAnswers(level.answers, level.time_spent, 'uk');
    expect(scored).toMatchObject({ noClearType: true, cautions: [] });
    expect(certificateRefusal(level)).toBe('certificate.error.no_clear_type');
  });
});
