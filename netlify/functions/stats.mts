import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { siteStats, STATS_MAX_AGE_SECONDS } from '../../src/lib/server/stats.ts';

/**
 * Counts of saved results for the landings (today's IQ and career results, this month's of both), the same for
 * everyone: cached a minute in the process, by the CDN and by the browser. The pages decide when a count is big
 * enough to show (src/lib/client/live-figures.ts).
 */
export default secured(async (req: Request) => {
  try {
    return json(await siteStats(), { headers: { 'Cache-Control': `public, max-age=${STATS_MAX_AGE_SECONDS}` } });
  } catch (err) {
    console.error('[stats] database unavailable:', (err as Error).message);
    return jsonError(503, 'api.error.db_unavailable', requestLang(req));
  }
});

export const config: Config = { path: '/api/stats', method: 'GET' };
