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
    expect(useSitting(counts, 'n1', sheet(1))).toBe('first');
    expect(useSitting(counts, 'n1', sheet(1))).toBe('again');
    expect(useSitting(counts, 'n1', sheet(2))).toBe('used');
    expect(useSitting(counts, 'n2', sheet(2))).toBe('first');
  });

  it('refuses a sitting another process scored, once the shared count says so', () => {
    // This process did not score it, but the shared count it last heard has it at one.
    const counts = limits();
    counts.consume([{ key: 'sitting:n3', max: 1, windowMs: 60_000, exact: true }]);
    expect(useSitting(counts, 'n3', sheet(1))).toBe('used');
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
      expect(useSitting(counts, 'n4', sheet(1))).toBe('used');
    } finally {
      if (before === undefined) delete process.env.RATE_LIMIT_MULTIPLIER;
      else process.env.RATE_LIMIT_MULTIPLIER = before;
      resetEnvForTests();
    }
  });
});
