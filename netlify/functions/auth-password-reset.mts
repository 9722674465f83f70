import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { resetPassword } from '../../src/lib/server/password-reset.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';
import { signedIn } from '../../src/lib/server/signed-in.ts';

/**
 * A new password from a reset link (issue 30, point 3): the link used once within its hour, every session of the
 * account ended, this browser signed in. A too-short password leaves the link usable.
 */
export default endpoint(
  auth.resetPassword,
  async ({ req, body }) => {
    const outcome = await resetPassword(body.token, body.password);
    if (!outcome.ok) return refuse(outcome.error);
    return signedIn(req, outcome);
  },
  { limits: ({ context }) => [LIMITS.resetTokenIp(context.ip)] },
);

export const config: Config = { path: '/api/auth/password/reset', method: 'POST' };
