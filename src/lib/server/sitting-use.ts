/**
 * A sitting is scored once (DESIGN.md §3.8). A visitor's scoring may not wait on the database (§7: no statement), so
 * each sitting scored is a limit of one (`sitting:<nonce>`, two days) counted in memory and shared through the
 * database after the response, like the abuse limits (./shared-limits.ts): one process is exact, several function
 * instances learn of each other's sittings within a second. The same sheet sent again (a retry after a lost answer)
 * is answered again, not refused; the one result it can become is settled by the database when it is saved or
 * claimed (./results-saving.ts: one row per sitting, whoever saves it).
 */
import { createHash } from 'node:crypto';
import { SITTING_TTL_MS } from './sittings.ts';
import type { SharedLimits } from './shared-limits.ts';

/** The digests of the sheets this process scored lately, by sitting (the oldest forgotten first). */
const REMEMBERED = 20_000;
const digests = new Map<string, string>();

/** A sheet's identity: what was answered and how long it took, in the key's terms. */
export const sheetDigest = (answers: unknown[], timeSpent: number): string =>
  createHash('sha256')
    .update(JSON.stringify([answers, timeSpent]))
    .digest('base64url');

export type SittingUse = 'first' | 'again' | 'used';

/**
 * Counts one scoring of a sitting: `first` when none was counted, `again` when this process scored the same sheet of
 * it before (a retry), `used` when another sheet of it was scored (here, or in another process within the window).
 */
export function useSitting(limits: SharedLimits, nonce: string, digest: string): SittingUse {
  const known = digests.get(nonce);
  const check = limits.consume([{ key: `sitting:${nonce}`, max: 1, windowMs: SITTING_TTL_MS, exact: true }]);
  if (known !== undefined) return known === digest ? 'again' : 'used';
  if (!check.ok) return 'used';
  if (digests.size >= REMEMBERED) digests.delete(digests.keys().next().value!);
  digests.set(nonce, digest);
  return 'first';
}
