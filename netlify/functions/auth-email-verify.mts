import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { confirmAddress } from '../../src/lib/server/account-settings.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * A confirmation link's token (issue 30, points 2 and 4): the address it was mailed to is confirmed as the account's —
 * sign-up's address, or the new address of a change, which then replaces the old. Used once, within 24 hours, and
 * only the newest one mailed; otherwise 400 (invalid) or 410 (expired), nothing changed. A change of address moves
 * the mailing-list member too (queued with it, sent after the response), and ends the account's other sessions — this
 * browser's stays signed in when it is the account's (issue 44).
 */
export default endpoint(
  auth.verifyEmail,
  async ({ body, context, session }) => {
    const confirmed = await confirmAddress(body.token, session?.id);
    if (!confirmed.ok) return refuse(confirmed.error);
    context.waitUntil(deliverOutboxSoon());
    return { ok: true as const, emailVerified: true as const };
  },
  // A token is 256 bits: this stops a flood of attempts, not a person following their link (issue 44).
  { limits: ({ context }) => [LIMITS.verifyTokenIp(context.ip)] },
);

export const config: Config = { path: '/api/auth/email/verify', method: 'POST' };
