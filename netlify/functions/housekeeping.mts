import type { Config } from '@netlify/functions';
import { purgeOrphanCounts } from '../../src/lib/server/rate-limit.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/**
 * Daily housekeeping: the abuse counts whose window ended long ago, and any count keyed by an account that no longer
 * exists (a request racing its deletion can write one after the deletion's own clean-up; issue 44).
 */
export default scheduled('housekeeping', async () => ({ counts: await purgeOrphanCounts() }));

export const config: Config = { schedule: '@daily' };
