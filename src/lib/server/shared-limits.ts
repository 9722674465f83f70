/**
 * Abuse limits for a hot path without a round trip (IQ scoring: DESIGN.md §7 allows it no statement). Each process
 * counts attempts in memory on top of the shared counts it last heard, decides at once, and at most once a second
 * — after a response, never before one — adds what it counted to the shared counts and reads them back, in one
 * statement (rate-limit.ts countAttempts).
 *
 * One process (`npm start`) is exact. Several function instances each learn of the others' attempts within a second
 * of their own, so together they can let through about one second of one attacker's traffic per instance beyond a
 * limit: the limits stay a brake on probing a form's key (README, "Abuse limits"), which is what they are for.
 */
import type { Database } from './db.ts';
import { countAttempts, refusedUntil, scaledLimit, type Limit, type LimitCheck } from './rate-limit.ts';

/** How often a process's share also deletes counts whose windows ended long ago (rate-limit.ts countAttempts). */
const PURGE_EVERY_MS = 10 * 60 * 1000;

interface Tally {
  windowMs: number;
  windowStart: number;
  /** The shared count as last read (every process's attempts in this window). */
  shared: number;
  /** This process's attempts not yet added to the shared count. */
  pending: number;
}

export class SharedLimits {
  private readonly tallies = new Map<string, Tally>();
  private readonly database: () => Promise<Database>;
  private readonly shareEveryMs: number;
  private lastShared = 0;
  private lastPurged = 0;
  private sharing: Promise<void> | null = null;
  private scheduled: Promise<void> | null = null;

  constructor(database: () => Promise<Database>, shareEveryMs = 1000) {
    this.database = database;
    this.shareEveryMs = shareEveryMs;
  }

  /** Counts one attempt against every limit; the first limit exceeded decides. No I/O. */
  consume(limits: Limit[], now = Date.now()): LimitCheck {
    let check: LimitCheck = { ok: true };
    for (const limit of limits.map(scaledLimit)) {
      const tally = this.tallyOf(limit, now);
      tally.pending++;
      if (check.ok && tally.shared + tally.pending > limit.max)
        check = refusedUntil(tally.windowStart + limit.windowMs, now);
    }
    return check;
  }

  /** Shares the counts if a second has passed since the last time (the caller runs it after its response). */
  shareIfDue(now = Date.now()): Promise<void> | null {
    if (now - this.lastShared < this.shareEveryMs) return null;
    this.lastShared = now;
    return this.share(now);
  }

  /**
   * Shares the counts now if a second has passed since the last time, else once it has: what was counted does not
   * wait for this process's next request (a function instance may get none). The caller keeps it alive after its
   * response (waitUntil).
   */
  shareSoon(now = Date.now()): Promise<void> {
    const due = this.shareIfDue(now);
    if (due) return due;
    this.scheduled ??= new Promise<void>((resolve) =>
      setTimeout(resolve, Math.max(0, this.lastShared + this.shareEveryMs - now)),
    ).then(() => {
      this.scheduled = null;
      return this.shareIfDue() ?? Promise.resolve();
    });
    return this.scheduled;
  }

  /** Adds what this process counted to the shared counts and reads them back: one statement. */
  share(now = Date.now()): Promise<void> {
    this.sharing ??= this.write(now).finally(() => (this.sharing = null));
    return this.sharing;
  }

  private tallyOf(limit: Limit, now: number): Tally {
    const tally = this.tallies.get(limit.key);
    if (tally && now - tally.windowStart < limit.windowMs) return tally;
    // A window that ended here starts again; attempts not yet shared still go to the shared count.
    const fresh = { windowMs: limit.windowMs, windowStart: now, shared: 0, pending: tally?.pending ?? 0 };
    this.tallies.set(limit.key, fresh);
    return fresh;
  }

  private async write(now: number): Promise<void> {
    const batch = [];
    for (const [key, tally] of this.tallies) {
      if (tally.pending > 0) batch.push({ key, windowMs: tally.windowMs, n: tally.pending });
      else if (now - tally.windowStart >= tally.windowMs) this.tallies.delete(key);
    }
    if (!batch.length) return;
    const purge = now - this.lastPurged >= PURGE_EVERY_MS;
    if (purge) this.lastPurged = now;
    const sent = new Map(batch.map((b) => [b.key, b.n]));
    try {
      for (const row of await countAttempts(await this.database(), batch, purge)) {
        const tally = this.tallies.get(row.key);
        if (!tally) continue;
        tally.pending -= sent.get(row.key) ?? 0;
        tally.shared = row.count;
        tally.windowStart = row.windowStart.getTime();
      }
    } catch (err) {
      // The attempts stay pending and go with the next share; meanwhile this process still counts them.
      console.error('[rate-limit] could not share the counts:', (err as Error).message);
    }
  }
}
