import type { Config } from '@netlify/functions';
import * as me from '../../src/api/me.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { requestEmailChange } from '../../src/lib/server/account-settings.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * A new address (issue 30, point 4): the password proves the holder; a link goes to the new address (the change takes
 * effect only when it is followed, POST /api/auth/email/verify) and a notice to the current one.
 */
export default endpoint(
  me.changeEmail,
  async ({ user, body, context }) => {
    const asked = await requestEmailChange(user.id, body.email, body.password, body.lang);
    if (!asked.ok) return refuse(asked.error, { retryAfterSeconds: asked.retryAfterSeconds });
    context.waitUntil(deliverOutboxSoon());
    return { ok: true as const, pending: body.email.trim() };
  },
  { limits: ({ user }) => [LIMITS.accountSettingsUser(user.id)] },
);

export const config: Config = { path: '/api/me/email', method: 'POST' };
