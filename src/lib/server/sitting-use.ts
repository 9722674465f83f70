/**
 * A sitting is scored once (DESIGN.md §3.8). A visitor's scoring may not wait on the database (§7: no statement), so
 * each sitting a visitor scores is a limit of one (`sitting:<nonce>`, two days) counted in memory and written to the
 * shared counts soon after the response (./shared-limits.ts shareSoon). What holds, then:
 * - one process refuses at once another sheet of a sitting it scored; the same sheet again (a retry) is answered again;
 * - a sitting scored as a visitor on another instance is not known here without a statement, so a second visitor sheet
 *   of it may be scored there (its teaser seen), but no sheet becomes two results: the database keeps one row per
 *   sitting, and a signed-in sheet of a sitting a visitor scored anywhere is refused once that count is written
 *   (within about a second; results-saving.ts, `freshKey`).
 * A signed-in user's scorings are not counted here: their saved row is the record.
 * A sheet is what the browser sent — answers and times — before the server caps its times at the time since its
 * sitting was served (issue 43): the same sheet retried a moment later is capped differently, and is the same sheet;
 * a change of pace is another sheet, as a change of answers is.
 */
import { createHash } from 'node:crypto';
import { SITTING_TTL_MS } from './sittings.ts';
import type { SharedLimits } from './shared-limits.ts';

/** The digests of the sheets this process scored lately, by sitting (the oldest forgotten first). */
const REMEMBERED = 20_000;
const digests = new Map<string, string>();

/** A sheet's answers without their times: what makes it the sheet it is (see above). */
export const answersOnly = (answers: readonly unknown[]): unknown[] =>
  answers.map((answer) => {
    const { timeSpent: _time, ...rest } = answer as { timeSpent?: number };
    return rest;
  });

/** A sheet's identity: what was answered and how long it took, as the browser sent it (see above). */
export const sheetDigest = (answers: readonly unknown[], timeSpent: number): string =>
  createHash('sha256')
    .update(JSON.stringify([answers, timeSpent]))
    .digest('base64url');

export type SittingUse = 'first' | 'again' | 'used';

/** The shared count of a sitting's visitor scorings (rate_limits key). */
export const sittingCountKey = (nonce: string): string => `sitting:${nonce}`;

/**
 * Notes one scoring of a sitting: `first` when this process knows of none, `again` when it scored the same sheet of it
 * before (a retry), `used` when another sheet of it was scored here (or its shared count, once this process has read
 * it back, says so). `counted`: a visitor's scoring, added to the shared count.
 */
export function useSitting(limits: SharedLimits, nonce: string, digest: string, counted: boolean): SittingUse {
  const known = digests.get(nonce);
  const check = counted
    ? limits.consume([{ key: sittingCountKey(nonce), max: 1, windowMs: SITTING_TTL_MS, exact: true }])
    : { ok: true };
  if (known !== undefined) return known === digest ? 'again' : 'used';
  if (!check.ok) return 'used';
  if (digests.size >= REMEMBERED) digests.delete(digests.keys().next().value!);
  digests.set(nonce, digest);
  return 'first';
}
