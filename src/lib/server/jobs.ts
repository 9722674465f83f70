/**
 * Long jobs a scheduled function hands to a background function. Netlify stops a scheduled function at 30 s and lets
 * a background function run 15 minutes, answering its caller 202 at once
 * (https://docs.netlify.com/build/functions/background-functions/ ; scheduled functions' limits:
 * https://docs.netlify.com/build/functions/scheduled-functions/). The scheduled function POSTs to the background
 * function's path on this site (SITE_URL) with `Authorization: Bearer <token>`, the token an HMAC of the job's name
 * under APP_SECRET, so nobody else can start it. The local server has no such limits and runs the job in the request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret, siteUrl } from './env.ts';

export const jobToken = (job: string): string =>
  createHmac('sha256', appSecret()).update(`job.${job}`).digest('base64url');

/** Whether a request carries the job's token (compared in constant time). */
export function isJobRequest(req: Request, job: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(req.headers.get('authorization') ?? '')?.[1] ?? '');
  const expected = Buffer.from(jobToken(job));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type JobStart = { started: true; status: number } | { started: false; status?: number; error?: string };

/** Starts a job at `path` on this site: started when the function accepted it (202 on Netlify; 2xx here). */
export async function startJob(job: string, path: string): Promise<JobStart> {
  try {
    const res = await fetch(`${siteUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jobToken(job)}` },
      signal: AbortSignal.timeout(20_000),
    });
    await res.body?.cancel();
    return res.ok ? { started: true, status: res.status } : { started: false, status: res.status };
  } catch (err) {
    return { started: false, error: (err as Error).message };
  }
}
