import type { Config } from '@netlify/functions';
import * as site from '../../src/api/site.ts';
import { endpoint, refuse, reply } from '../../src/lib/server/endpoint.ts';
import { siteStats, STATS_MAX_AGE_SECONDS } from '../../src/lib/server/stats.ts';

/**
 * Counts of saved results for the landings (today's IQ and career results, this month's of both), the same for
 * everyone: cached a minute in the process, by the CDN and by the browser. The pages decide when a count is big
 * enough to show (src/lib/client/live-figures.ts).
 */
export default endpoint(site.stats, async () => {
  try {
    return reply(await siteStats(), { headers: { 'Cache-Control': `public, max-age=${STATS_MAX_AGE_SECONDS}` } });
  } catch (err) {
    console.error('[stats] database unavailable:', (err as Error).message);
    return refuse('api.error.db_unavailable');
  }
});

export const config: Config = { path: '/api/stats', method: 'GET' };
