import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { refreshedOrderForOwner } from '../../src/lib/server/payments/orders.ts';
import type { TestKind } from '../../src/domain/views.ts';
import { subscriptionOf } from '../../src/lib/server/subscription.ts';

/**
 * The order's status as the server knows it (owner only). While WayForPay has not called back, the server asks
 * WayForPay itself (CHECK_STATUS) — never the browser.
 */
export default endpoint(payments.status, async ({ user, params }) => {
  const order = await refreshedOrderForOwner(params.orderReference, user.id);
  if (!order) return refuse('payment.error.not_found');
  return {
    orderReference: order.order_reference,
    status: order.status,
    amount: Number(order.amount),
    currency: order.currency,
    testType: order.test_type as TestKind | null,
    testResultId: order.test_result_id,
    reasonCode: order.status === 'Approved' ? null : order.reason_code,
    subscription: await subscriptionOf(user.id),
  };
});

export const config: Config = { path: '/api/payments/:orderReference', method: 'GET' };
