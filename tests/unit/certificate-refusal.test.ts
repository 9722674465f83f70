import { describe, expect, it } from 'vitest';
import { certificateRefusal } from '../../src/lib/server/certificates.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';

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
  it('a careful sheet does; a rushed, guessed or key-seen one does not', () => {
    expect(certificateRefusal(row(16, 30_000))).toBeNull();
    expect(certificateRefusal(row(16, 500))).toBe('certificate.error.caution');
    expect(certificateRefusal(row(0, 30_000))).toBe('certificate.error.caution');
    expect(certificateRefusal(row(16, 30_000, 'sit:abc', true))).toBe('certificate.error.caution');
  });

  it('a copy another account saved first does not, however careful', () => {
    expect(certificateRefusal(row(16, 30_000, 'dup:0f:tok:xyz'))).toBe('certificate.error.duplicate');
  });
});
