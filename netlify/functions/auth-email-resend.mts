import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { resendConfirmation } from '../../src/lib/server/email-confirmation.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * "Send again": a new confirmation link to the signed-in account's address, in the page's language, the old link
 * void (issue 30, point 2). 409 when the address is confirmed already; three an hour per account.
 */
export default endpoint(
  auth.resendConfirmation,
  async ({ user, lang, context }) => {
    const sent = await resendConfirmation(user.id, lang);
    if (!sent.ok)
      return refuse(sent.error, 'retryAfterSeconds' in sent ? { retryAfterSeconds: sent.retryAfterSeconds } : {});
    context.waitUntil(deliverOutboxSoon());
    return { ok: true as const };
  },
  { limits: ({ user }) => [LIMITS.confirmationMailUser(user.id)] },
);

export const config: Config = { path: '/api/auth/email/resend', method: 'POST' };
