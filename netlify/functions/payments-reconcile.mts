import type { Config } from '@netlify/functions';
import { reconcilePendingOrders, retryPendingStops } from '../../src/lib/server/payments/reconcile.ts';

/** Asks WayForPay about orders its callback never settled, and again to stop renewals it has not confirmed stopping. */
export default async () => {
  const orders = await reconcilePendingOrders();
  const stops = await retryPendingStops();
  console.log('[payments-reconcile]', JSON.stringify({ orders, stops }));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/10 * * * *' };
