/**
 * Renewal stopping: WayForPay's regular payment of an order suspended (a person's own cancellation, which can be
 * turned back on) or removed (a replaced schedule, a deleted account), and the stop recorded once confirmed. The
 * subscription's cancellation and the scheduled reconciliation both stop renewals here.
 */
import { db } from '../db.ts';
import type { Provider } from './payments.ts';
import { regularStatus, removeRegularPayment, suspendRegularPayment } from './wayforpay/index.ts';

/**
 * Asks WayForPay to suspend or remove an order's regular payment, as its stop_kind says (a test-provider order has
 * none), and records it once confirmed: the request answered Ok, or the schedule's STATUS says it is already so (an
 * earlier request whose answer was lost). Until then the order's stop stays pending and the reconciliation retries.
 */
export async function stopOrderRenewal(orderReference: string): Promise<boolean> {
  const database = await db();
  const [order] = await database.query<{ provider: Provider; stop_kind: 'suspend' | null; current: boolean | null }>(
    `SELECT o.provider, o.stop_kind, p.subscription_payment_id = o.order_reference AS current
     FROM payments o LEFT JOIN user_profiles p ON p.id = o.user_id WHERE o.order_reference = $1`,
    [orderReference],
  );
  if (!order) return false;
  // Suspended only while it is the person's current subscription: a schedule a newer order replaced, or one whose
  // account is gone, is removed, whatever stop was asked for first.
  const suspend = order.stop_kind === 'suspend' && order.current === true;
  let stopped =
    order.provider !== 'wayforpay' ||
    (await (suspend ? suspendRegularPayment(orderReference) : removeRegularPayment(orderReference)));
  if (!stopped)
    stopped = [...(suspend ? ['Suspended'] : []), 'Removed', 'Completed'].includes(
      (await regularStatus(orderReference))?.status ?? '',
    );
  if (stopped)
    await database.query(
      'UPDATE payments SET stop_confirmed_at = COALESCE(stop_confirmed_at, now()), updated_at = now() WHERE order_reference = $1',
      [orderReference],
    );
  else console.error(`[subscription] WayForPay has not confirmed stopping ${orderReference}; will retry`);
  return stopped;
}
