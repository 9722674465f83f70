/**
 * Long jobs a scheduled function hands to a background function. Netlify stops a scheduled function at 30 s and lets
 * a background function run 15 minutes, answering its caller 202 at once
 * (https://docs.netlify.com/build/functions/background-functions/ ; scheduled functions' limits:
 * https://docs.netlify.com/build/functions/scheduled-functions/). The scheduled function POSTs to the background
 * function's path on this site (SITE_URL) with `Authorization: Bearer <token>`, the token the time and an HMAC of the
 * job's name and that time under APP_SECRET, good for ten minutes: nobody else can start it, and a token seen once
 * (in a log) is soon worthless. The local server has no such limits and runs the job in the request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret, isHosted, siteUrl } from './env.ts';

/** How long a token is good for: a start is one request, made at once. */
const TOKEN_MAX_AGE_MS = 10 * 60_000;

const mac = (job: string, at: string) =>
  createHmac('sha256', appSecret()).update(`job.${job}.${at}`).digest('base64url');

/** `<milliseconds>.<HMAC of the job and that time>`: good for ten minutes, for that job only. */
export const jobToken = (job: string, now = Date.now()): string => `${now}.${mac(job, String(now))}`;

/** Whether a request carries a token of the job made within the last ten minutes (compared in constant time). */
export function isJobRequest(req: Request, job: string, now = Date.now()): boolean {
  const token = /^Bearer (\d{1,16})\.([A-Za-z0-9_-]{43})$/.exec(req.headers.get('authorization') ?? '');
  if (!token) return false;
  const age = now - Number(token[1]);
  if (!(age >= -60_000 && age <= TOKEN_MAX_AGE_MS)) return false;
  const given = Buffer.from(token[2]);
  const expected = Buffer.from(mac(job, token[1]));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type JobStart = { started: true; status: number } | { started: false; status?: number; error?: string };

/** Starts a job at `path` on this site: started when the function accepted it (202 on Netlify; 2xx here). */
export async function startJob(job: string, path: string): Promise<JobStart> {
  try {
    const res = await fetch(`${siteUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${jobToken(job)}` },
      // Netlify answers 202 at once; the local server answers when the job is done.
      signal: AbortSignal.timeout(isHosted() ? 20_000 : 15 * 60_000),
    });
    await res.body?.cancel();
    return res.ok ? { started: true, status: res.status } : { started: false, status: res.status };
  } catch (err) {
    return { started: false, error: (err as Error).message };
  }
}
