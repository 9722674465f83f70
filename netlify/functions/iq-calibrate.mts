import type { Config } from '@netlify/functions';
import { deleteExpiredResponses } from '../../src/lib/server/responses.ts';
import { startJob } from '../../src/lib/server/jobs.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/**
 * The kept IQ responses, daily: deletes what is past its retention (five years; browsers' counts after 30 days),
 * then starts the recalibration in the background function iq-calibrate-background (jobs.ts: a scheduled function
 * has 30 s, the joint fit of the linked forms can take longer), which writes a new scale to iq_scales when there is
 * something new and the fit converged (calibration.ts).
 */
export default scheduled('iq-calibrate', async () => ({
  deleted: await deleteExpiredResponses(),
  calibration: await startJob('iq-calibrate', '/api/jobs/iq-calibrate'),
}));

export const config: Config = { schedule: '@daily' };
