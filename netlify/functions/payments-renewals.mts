import type { Config } from '@netlify/functions';
import { reconcileRenewals } from '../../src/lib/server/payments/reconcile.ts';
import { scheduled } from '../../src/lib/server/scheduled.ts';

/** Daily: finds renewal charges whose callback never arrived, through the regular payment's STATUS. */
export default scheduled('payments-renewals', () => reconcileRenewals());

export const config: Config = { schedule: '@daily' };
