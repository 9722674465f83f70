/**
 * The reliability each IQ form is scored with (DESIGN.md §3.5): the stated .75 until the form has 300 sheets, then
 * its measured KR-20 from iq_form_stats (written by the item analysis, src/lib/server/item-stats.ts). Read once per
 * process, then refreshed in the background at most every 10 minutes, so scoring does not wait on the database.
 * Each result records the figure it was scored with, so reading it again later gives the same numbers.
 */
import { measuredReliabilityApplies, STATED_RELIABILITY } from '../../domain/iq/reading.ts';
import { db } from './db.ts';

const REFRESH_MS = 10 * 60_000;
let measured: Map<number, number> | null = null;
let loadedAt = 0;
let loading: Promise<void> | null = null;

async function load(): Promise<void> {
  try {
    const rows = await (
      await db()
    ).query<{ form_id: number; sheets: number; kr20: number | null }>(
      'SELECT form_id, sheets, kr20 FROM iq_form_stats',
    );
    measured = new Map(
      rows.filter((r) => measuredReliabilityApplies(r.sheets, r.kr20)).map((r) => [Number(r.form_id), Number(r.kr20)]),
    );
  } catch (err) {
    console.error('[reliability] could not read iq_form_stats:', (err as Error).message);
    measured ??= new Map();
  }
  loadedAt = Date.now();
}

/** Reads the figures again; scoring calls it in the background, tests await it. */
export function refreshReliability(): Promise<void> {
  loading ??= load().finally(() => (loading = null));
  return loading;
}

export async function reliabilityInUse(formId: number): Promise<number> {
  if (!measured) await refreshReliability();
  else if (Date.now() - loadedAt > REFRESH_MS) void refreshReliability();
  return measured?.get(formId) ?? STATED_RELIABILITY;
}

/** Marks the figures read so far as stale (new statistics were written): the next score refreshes them in the background. */
export function reliabilityChanged(): void {
  loadedAt = 0;
}
