/**
 * Jobs the server hands to itself: a scheduled function (Netlify stops one at 30 s) starts a background function
 * (15 minutes) by calling it over HTTP with a token only the server can make (src/lib/server/jobs.ts). Not for
 * browsers: no cookie, no cross-site check, an answer nobody reads on Netlify (it answers 202 at once).
 */
import { contract } from './contract.ts';

export const iqCalibrate = contract<never>()({
  path: '/api/jobs/iq-calibrate',
  method: 'POST',
  auth: 'none',
  raw: true,
  csrf: false,
});
