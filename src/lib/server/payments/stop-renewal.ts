/**
 * Renewal stopping: WayForPay's regular payment of an order removed, and the stop recorded once confirmed. The
 * subscription's cancellation and the scheduled reconciliation both stop renewals here.
 */
import { db } from '../db.ts';
import type { Provider } from './payments.ts';
import { regularStatus, removeRegularPayment } from './wayforpay/index.ts';

/**
 * Asks WayForPay to remove an order's regular payment (a test-provider order has none) and records it once
 * confirmed: REMOVE answered Ok, or the schedule's STATUS says it is already removed or completed (an earlier
 * REMOVE whose answer was lost). Until then the order's stop stays pending and the reconciliation retries.
 */
export async function stopOrderRenewal(orderReference: string): Promise<boolean> {
  const database = await db();
  const [order] = await database.query<{ provider: Provider }>(
    'SELECT provider FROM payments WHERE order_reference = $1',
    [orderReference],
  );
  if (!order) return false;
  let stopped = order.provider !== 'wayforpay' || (await removeRegularPayment(orderReference));
  if (!stopped) stopped = ['Removed', 'Completed'].includes((await regularStatus(orderReference))?.status ?? '');
  if (stopped)
    await database.query(
      'UPDATE payments SET stop_confirmed_at = COALESCE(stop_confirmed_at, now()), updated_at = now() WHERE order_reference = $1',
      [orderReference],
    );
  else console.error(`[subscription] WayForPay has not confirmed stopping ${orderReference}; will retry`);
  return stopped;
}
