import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { json, jsonError, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { applyStatus, orderForOwner } from '../../src/lib/server/payments/payments.ts';
import { checkStatus } from '../../src/lib/server/payments/wayforpay.ts';
import { FINAL_STATUSES } from '../../src/lib/server/payments/reconcile.ts';
import { subscriptionOf } from '../../src/lib/server/subscription.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

const FINAL = new Set(FINAL_STATUSES);

/**
 * The order's status as the server knows it (owner only). While WayForPay has not called back, the server asks
 * WayForPay itself (CHECK_STATUS) — never the browser.
 */
export default secured(refusingMisconfiguration(async (req: Request, context: Context) => {
  const lang = requestLang(req);
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  let order = await orderForOwner(context.params.orderReference, user.id);
  if (!order) return jsonError(404, 'payment.error.not_found', lang);
  if (order.provider === 'wayforpay' && !FINAL.has(order.status) && Date.now() - new Date(order.created_at).getTime() > 15_000) {
    const known = await checkStatus(order.order_reference);
    if (known?.transactionStatus) {
      await applyStatus(order.order_reference, known.transactionStatus, Number(known.amount ?? order.amount), known.currency ?? order.currency, { checkStatus: known });
      order = (await orderForOwner(order.order_reference, user.id))!;
    }
  }
  return json({
    orderReference: order.order_reference,
    status: order.status,
    amount: Number(order.amount),
    currency: order.currency,
    testType: order.test_type,
    testResultId: order.test_result_id,
    subscription: await subscriptionOf(user.id),
  });
}));

export const config: Config = { path: '/api/payments/:orderReference', method: 'GET' };
