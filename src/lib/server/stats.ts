/**
 * The figures the landings may show (GET /api/stats): counts of saved results, nothing else. A visitor's sheet
 * that was never saved is not in the database, so these count results saved to an account — and say so.
 * "Today" and "this month" are Kyiv's calendar day and month, the site's home time zone, whatever the server's.
 */
import { db, type Queryable } from './db.ts';
import type { SiteStats } from '../../api/site.ts';

export const STATS_TIME_ZONE = 'Europe/Kyiv';
/** How long one count serves every request of a process, and how long browsers and the CDN may keep it. */
export const STATS_MAX_AGE_SECONDS = 60;

export type { SiteStats };

interface CountsRow {
  iq_today: number;
  professional_today: number;
  this_month: number;
}

/** One statement: both tables' rows since the month began in Kyiv, counted by kind and by day. */
export async function countSavedResults(database: Queryable, now: Date): Promise<SiteStats> {
  const [row] = await database.query<CountsRow>(
    `SELECT count(*) FILTER (WHERE kind = 'iq' AND created_at >= date_trunc('day', $1::timestamptz, $2))::int AS iq_today,
            count(*) FILTER (WHERE kind = 'professional' AND created_at >= date_trunc('day', $1::timestamptz, $2))::int
              AS professional_today,
            count(*)::int AS this_month
       FROM (SELECT 'iq' AS kind, created_at FROM test_results
              WHERE created_at >= date_trunc('month', $1::timestamptz, $2)
             UNION ALL
             SELECT 'professional', created_at FROM professional_test_results
              WHERE created_at >= date_trunc('month', $1::timestamptz, $2)) AS saved`,
    [now.toISOString(), STATS_TIME_ZONE],
  );
  return {
    iqToday: row.iq_today,
    professionalToday: row.professional_today,
    resultsThisMonth: row.this_month,
    counted: 'saved results',
    timeZone: STATS_TIME_ZONE,
    asOf: now.toISOString(),
  };
}

let memo: { at: number; stats: Promise<SiteStats> } | undefined;

/**
 * The counts, computed at most once a minute per process: every landing view asks, and a figure a minute old is
 * as true as a fresh one. A failed count is not kept, so the next request tries again.
 */
export function siteStats(now = new Date()): Promise<SiteStats> {
  if (memo && now.getTime() - memo.at < STATS_MAX_AGE_SECONDS * 1000) return memo.stats;
  const stats = db().then((database) => countSavedResults(database, now));
  const entry = { at: now.getTime(), stats };
  memo = entry;
  stats.catch(() => {
    if (memo === entry) memo = undefined;
  });
  return stats;
}
