import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { AuthBody, signIn } from '../../src/lib/server/auth.ts';
import { knownDevice } from '../../src/lib/server/device.ts';
import { refusal } from '../../src/lib/server/http.ts';
import { parseRequest, signedIn } from '../../src/lib/server/request.ts';

/** Signs in with email and password; every failure answers the same auth.error.invalid (or the throttling's 429). */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'none', body: AuthBody });
  if (!request.ok) return request.response;
  const outcome = await signIn(request.body, context.ip, knownDevice(req));
  if (!outcome.ok) return refusal(outcome.error, request.lang, { retryAfterSeconds: outcome.retryAfterSeconds });
  return signedIn(req, outcome);
});

export const config: Config = { path: '/api/auth/signin', method: 'POST' };
