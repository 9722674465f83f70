import type { Config } from '@netlify/functions';
import * as jobs from '../../src/api/jobs.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { recalibrate } from '../../src/lib/server/calibration.ts';
import { isJobRequest } from '../../src/lib/server/jobs.ts';

/**
 * The recalibration (calibration.ts recalibrate), started daily by the scheduled function iq-calibrate: a background
 * function, since four linked forms' joint fit outgrows a scheduled function's 30 s (68 items and 2,000 sheets:
 * 12 s on the development machine, and it grows with the sheets). Only with the job's token (jobs.ts); its outcome
 * is logged as one line (on Netlify nobody reads the answer).
 */
export default endpoint(jobs.iqCalibrate, async ({ req }) => {
  if (!isJobRequest(req, 'iq-calibrate')) return Response.json({ error: 'api.error.job_forbidden' }, { status: 403 });
  const outcome = await recalibrate();
  console.log('[iq-calibrate-background]', JSON.stringify(outcome));
  return Response.json(outcome);
});

export const config: Config = { path: '/api/jobs/iq-calibrate', method: 'POST', background: true };
