/** An order as its owner may see it: the stored status, refreshed from WayForPay while the payment is pending. */
import { db } from '../db.ts';
import { applyStatus } from './charges.ts';
import { ORDER_REFERENCE, type Provider } from './payments.ts';
import { checkStatus } from './wayforpay/index.ts';

export async function orderForOwner(orderReference: string, userId: string) {
  if (!ORDER_REFERENCE.test(orderReference)) return null;
  const [row] = await (
    await db()
  ).query<{
    order_reference: string;
    provider: Provider;
    status: string;
    amount: string;
    currency: string;
    test_type: string | null;
    test_result_id: string | null;
    created_at: Date;
    reason_code: number | null;
  }>(
    // WayForPay's reasonCode for the first payment (https://wiki.wayforpay.com/en/view/852131), from the payload the
    // order keeps: a service callback carries it at the top, our own CHECK_STATUS answer under checkStatus.
    `SELECT order_reference, provider, status, amount, currency, test_type, test_result_id, created_at,
       CASE WHEN reason_text ~ '^[0-9]{1,6}$' THEN reason_text::integer END AS reason_code
     FROM payments,
       LATERAL (SELECT COALESCE(provider_payload ->> 'reasonCode', provider_payload -> 'checkStatus' ->> 'reasonCode') AS reason_text) r
     WHERE order_reference = $1 AND user_id = $2`,
    [orderReference, userId],
  );
  return row ?? null;
}

/** The statuses after which an order changes no more (reconciliation stops asking about them). */
export const FINAL_STATUSES = ['Approved', 'Declined', 'Refunded', 'Expired', 'Voided'];
const FINAL = new Set(FINAL_STATUSES);

/**
 * The owner's order, its status as fresh as we can honestly make it: while WayForPay has not called back (after a
 * 15 s grace), the server asks WayForPay itself (CHECK_STATUS) and applies the answer through the callback path.
 */
export async function refreshedOrderForOwner(orderReference: string, userId: string) {
  const order = await orderForOwner(orderReference, userId);
  if (
    !order ||
    order.provider !== 'wayforpay' ||
    FINAL.has(order.status) ||
    Date.now() - new Date(order.created_at).getTime() <= 15_000
  )
    return order;
  const known = await checkStatus(order.order_reference);
  if (!known?.transactionStatus) return order;
  await applyStatus(
    order.order_reference,
    known.transactionStatus,
    Number(known.amount ?? order.amount),
    known.currency ?? order.currency,
    { checkStatus: known },
  );
  return orderForOwner(order.order_reference, userId);
}
