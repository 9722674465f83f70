import { describe, expect, it } from 'vitest';
import { SharedLimits } from '../../src/lib/server/shared-limits.ts';
import { sheetDigest, useSitting } from '../../src/lib/server/sitting-use.ts';
import { resetEnvForTests } from '../../src/lib/server/env.ts';

/** Limits that never reach a database: these tests are about one process's memory. */
const limits = () => new SharedLimits(async () => Promise.reject(new Error('no database here')));
const sheet = (pick: number) => sheetDigest([{ questionId: 1, selectedAnswer: pick, timeSpent: 1 }], 10);

describe('a sitting is scored once', () => {
  it('answers the same sheet again (a retry) and refuses another sheet of the same sitting', () => {
    const counts = limits();
    expect(useSitting(counts, 'n1', sheet(1), true)).toBe('first');
    expect(useSitting(counts, 'n1', sheet(1), true)).toBe('again');
    expect(useSitting(counts, 'n1', sheet(2), true)).toBe('used');
    expect(useSitting(counts, 'n2', sheet(2), true)).toBe('first');
  });

  it("does not count a signed-in user's scoring (their saved row is the record), but remembers its sheet", () => {
    const counts = limits();
    expect(useSitting(counts, 'n3', sheet(1), false)).toBe('first');
    expect(useSitting(counts, 'n3', sheet(1), false)).toBe('again');
    // Not counted: the sitting's shared count is still free for one scoring.
    expect(counts.consume([{ key: 'sitting:n3', max: 1, windowMs: 60_000, exact: true }]).ok).toBe(true);
    // A visitor's scoring is: a second one of the same sitting here exceeds it.
    const visitor = limits();
    expect(useSitting(visitor, 'n6', sheet(1), true)).toBe('first');
    expect(visitor.consume([{ key: 'sitting:n6', max: 1, windowMs: 60_000, exact: true }]).ok).toBe(false);
  });

  it('is not raised by RATE_LIMIT_MULTIPLIER (a rule, not a brake)', () => {
    const before = process.env.RATE_LIMIT_MULTIPLIER;
    process.env.RATE_LIMIT_MULTIPLIER = '100';
    resetEnvForTests();
    try {
      const counts = limits();
      // The multiplier is on: a brake of one would now allow a hundred.
      expect(
        counts.consume([
          { key: 'brake', max: 1, windowMs: 60_000 },
          { key: 'brake', max: 1, windowMs: 60_000 },
        ]).ok,
      ).toBe(true);
      counts.consume([{ key: 'sitting:n4', max: 1, windowMs: 60_000, exact: true }]);
      expect(useSitting(counts, 'n4', sheet(1), true)).toBe('used');
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT_MULTIPLIER;
      else process.env.RATE_LIMIT_MULTIPLIER = before;
      resetEnvForTests();
    }
  });
});
