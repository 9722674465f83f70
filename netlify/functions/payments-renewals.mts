import type { Config } from '@netlify/functions';
import { reconcileRenewals } from '../../src/lib/server/payments/reconcile.ts';

/** Daily: finds renewal charges whose callback never arrived, through the regular payment's STATUS. */
export default async () => {
  console.log('[payments-renewals]', JSON.stringify(await reconcileRenewals()));
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '@daily' };
