/**
 * Scoring's abuse limits without a round trip (shared-limits.ts), against a real database of their own: one
 * process decides in memory and exactly; two processes (two SharedLimits on one database) hear of each other's
 * attempts when they share their counts, in one statement after a response.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import { countStatements } from '../../src/lib/server/database/statements.ts';
import type { Database } from '../../src/lib/server/db.ts';
import type { Limit } from '../../src/lib/server/rate-limit.ts';

let open: () => Promise<Database>;
let SharedLimits: typeof import('../../src/lib/server/shared-limits.ts').SharedLimits;

ownDatabase({ RATE_LIMIT_MULTIPLIER: '1' });
beforeAll(async () => {
  const db = await import('../../src/lib/server/db.ts');
  open = db.db;
  await open(); // opened and migrated here, so the tallies below count only the limits' own statements
  ({ SharedLimits } = await import('../../src/lib/server/shared-limits.ts'));
});

let n = 0;
const limit = (max: number, windowMs = 60_000): Limit => ({ key: `test:${n++}`, max, windowMs });
const sharedCount = async (key: string) =>
  (await (await open()).query<{ count: number }>('SELECT count FROM rate_limits WHERE key = $1', [key]))[0]?.count;

describe('limits counted in memory and shared through the database', () => {
  it('let one process through up to the limit and refuse the next, with no statement', async () => {
    const limits = new SharedLimits(open);
    const l = limit(3);
    const { value, statements } = await countStatements(async () => [1, 2, 3, 4].map(() => limits.consume([l])));
    expect(value.map((c) => c.ok)).toEqual([true, true, true, false]);
    expect(value[3]).toMatchObject({ ok: false, retryAfterSeconds: 60 });
    expect(statements).toBe(0);
  });

  it('refuse in one process what another already used up, once both have shared their counts', async () => {
    const a = new SharedLimits(open);
    const b = new SharedLimits(open);
    const l = limit(3);
    expect([1, 2].map(() => a.consume([l]).ok)).toEqual([true, true]);
    const { statements } = await countStatements(() => a.share());
    expect(statements).toBe(1);
    expect(await sharedCount(l.key)).toBe(2);
    // b has not heard of a yet: the attempt it lets through now is the bound the module's comment states.
    expect(b.consume([l]).ok).toBe(true);
    await b.share();
    expect(await sharedCount(l.key)).toBe(3);
    // b now knows a's two attempts: on its own it would have allowed three.
    expect(b.consume([l])).toMatchObject({ ok: false });
  });

  it('share at most once a second, and only what was counted since', async () => {
    const limits = new SharedLimits(open, 1000);
    const l = limit(100);
    limits.consume([l]);
    await limits.shareIfDue(10_000);
    limits.consume([l]);
    expect(limits.shareIfDue(10_500)).toBeNull();
    expect(await sharedCount(l.key)).toBe(1);
    await limits.shareIfDue(11_000);
    expect(await sharedCount(l.key)).toBe(2);
  });

  it('start a window again once it has passed, here and in the shared count', async () => {
    const limits = new SharedLimits(open);
    const l = limit(1, 300);
    expect(limits.consume([l]).ok).toBe(true);
    expect(limits.consume([l]).ok).toBe(false);
    await limits.share();
    await new Promise((r) => setTimeout(r, 350));
    expect(limits.consume([l]).ok).toBe(true);
    await limits.share();
    expect(await sharedCount(l.key)).toBe(1);
  });
});
