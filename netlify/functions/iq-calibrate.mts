import type { Config } from '@netlify/functions';
import { recalibrate } from '../../src/lib/server/calibration.ts';
import { deleteExpiredResponses } from '../../src/lib/server/responses.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/**
 * The kept IQ responses, daily: deletes what is past its retention (five years; browsers' counts after 30 days), then
 * calibrates the forms whose every item has 500 eligible first attempts, writing a new scale to iq_scales when there
 * is something new and the fit converged (calibration.ts).
 */
export default scheduled('iq-calibrate', async () => ({
  deleted: await deleteExpiredResponses(),
  calibration: await recalibrate(),
}));

export const config: Config = { schedule: '@daily' };
