import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json, jsonError } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { refreshedOrderForOwner } from '../../src/lib/server/payments/orders.ts';
import { subscriptionOf } from '../../src/lib/server/subscription.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

/**
 * The order's status as the server knows it (owner only). While WayForPay has not called back, the server asks
 * WayForPay itself (CHECK_STATUS) — never the browser.
 */
export default secured(
  refusingMisconfiguration(async (req: Request, context: Context) => {
    const request = await parseRequest(req, { auth: 'required' });
    if (!request.ok) return request.response;
    const { user, lang } = request;
    const order = await refreshedOrderForOwner(context.params.orderReference, user.id);
    if (!order) return jsonError(404, 'payment.error.not_found', lang);
    return json({
      orderReference: order.order_reference,
      status: order.status,
      amount: Number(order.amount),
      currency: order.currency,
      testType: order.test_type,
      testResultId: order.test_result_id,
      subscription: await subscriptionOf(user.id),
    });
  }),
);

export const config: Config = { path: '/api/payments/:orderReference', method: 'GET' };
