import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { signIn } from '../../src/lib/server/auth.ts';
import { knownDevice } from '../../src/lib/server/device.ts';
import { signedIn } from '../../src/lib/server/signed-in.ts';

/** Signs in with email and password; every failure answers the same auth.error.invalid (or the throttling's 429). */
export default endpoint(auth.signIn, async ({ req, context, body }) => {
  const outcome = await signIn(body, context.ip, knownDevice(req));
  if (!outcome.ok) return refuse(outcome.error, { retryAfterSeconds: outcome.retryAfterSeconds });
  return signedIn(req, outcome);
});

export const config: Config = { path: '/api/auth/signin', method: 'POST' };
