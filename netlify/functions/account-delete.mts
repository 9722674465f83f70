import type { Config } from '@netlify/functions';
import * as me from '../../src/api/me.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { deleteAccount } from '../../src/lib/server/account-data.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { stopOrderRenewal } from '../../src/lib/server/payments/stop-renewal.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';
import { addResponseCookies, takeResponseCookies } from '../../src/lib/server/response-cookies.ts';
import { clearedSessionCookies } from '../../src/lib/server/session.ts';

/**
 * DELETE /api/me: deletes the account for good (issue 30, point 5; account-data.ts) given its password, or with
 * none a Google sign-in of this session in the last ten minutes. After the response, WayForPay is asked to stop
 * every renewal (what it does not confirm, payments-reconcile asks again) and the mails go out.
 */
export default endpoint(
  me.remove,
  async ({ req, context, user, session, body }) => {
    const deleted = await deleteAccount(user.id, session!.id, body.password || undefined, body.lang);
    if (!deleted.ok) return refuse(deleted.error);
    takeResponseCookies(req);
    addResponseCookies(req, clearedSessionCookies(req));
    context.waitUntil(
      (async () => {
        for (const order of deleted.stopOrders) await stopOrderRenewal(order).catch(() => false);
        await deliverOutboxSoon();
      })(),
    );
    return { ok: true as const };
  },
  { limits: ({ user }) => [LIMITS.accountSettingsUser(user.id)] },
);

export const config: Config = { path: '/api/me', method: 'DELETE' };
