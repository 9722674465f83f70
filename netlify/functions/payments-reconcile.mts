import type { Config } from '@netlify/functions';
import { reconcilePendingOrders, retryPendingStops } from '../../src/lib/server/payments/reconcile.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/** Asks WayForPay about orders its callback never settled, and again to stop renewals it has not confirmed stopping. */
export default scheduled('payments-reconcile', async () => ({
  orders: await reconcilePendingOrders(),
  stops: await retryPendingStops(),
}));

export const config: Config = { schedule: '*/10 * * * *' };
