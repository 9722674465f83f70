import type { Config } from '@netlify/functions';
import { currentUser } from '../../src/lib/server/auth.ts';
import { db } from '../../src/lib/server/db.ts';
import { crossSiteRefusal, json, jsonError, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { removeRegularPayment } from '../../src/lib/server/payments/wayforpay.ts';
import { cancelRenewal, subscriptionOf } from '../../src/lib/server/subscription.ts';

/** Stops renewal (WayForPay regular payment removed); access stays until the end of the paid period. */
export default async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const lang = requestLang(req);
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  const cancelled = await cancelRenewal(user.id);
  if (!cancelled.ok) return jsonError(409, 'subscription.cancel.error', lang);
  if (cancelled.paymentId) {
    const [order] = await (await db()).query<{ provider: string }>('SELECT provider FROM payments WHERE order_reference = $1', [cancelled.paymentId]);
    if (order?.provider === 'wayforpay' && !(await removeRegularPayment(cancelled.paymentId))) {
      console.error(`[subscription] WayForPay REMOVE failed for ${cancelled.paymentId}; renewal marked cancelled here`);
    }
  }
  return json({ ok: true, subscription: await subscriptionOf(user.id) });
};

export const config: Config = { path: '/api/subscription/cancel', method: 'POST' };
