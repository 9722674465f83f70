import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { cancelSubscription } from '../../src/lib/server/payments/cancel.ts';
import { subscriptionOf } from '../../src/lib/server/subscription.ts';

/** Stops renewal (WayForPay regular payment removed); access stays until the end of the paid period. */
export default endpoint(payments.cancel, async ({ user }) => {
  const outcome = await cancelSubscription(user.id);
  if (!outcome.ok && outcome.error === 'subscription.cancel.error') return refuse(outcome.error);
  // Stopped or still pending, the answer shows the subscription as it now is.
  const subscription = await subscriptionOf(user.id);
  return outcome.ok ? { ok: true, subscription } : refuse(outcome.error, { subscription });
});

export const config: Config = { path: '/api/subscription/cancel', method: 'POST' };
