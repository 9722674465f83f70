import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { tokenUsable } from '../../src/lib/server/email-tokens.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * Whether a reset link can still set a password, asked by the page before it shows the form: a link used or past its
 * hour is said to be so at once, with the way to ask for a new one, not after a new password has been typed. Uses
 * nothing; counted against the same limit as using a link, so it is no cheaper way to try tokens.
 */
export default endpoint(
  auth.checkResetToken,
  async ({ body }) => {
    const outcome = await tokenUsable(body.token, 'reset');
    return outcome.ok ? { ok: true as const } : refuse(outcome.error);
  },
  { limits: ({ context }) => [LIMITS.resetTokenIp(context.ip)] },
);

export const config: Config = { path: '/api/auth/password/reset/check', method: 'POST' };
