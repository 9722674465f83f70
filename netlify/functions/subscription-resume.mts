import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { resumeSubscription } from '../../src/lib/server/payments/cancel.ts';
import { subscriptionOf } from '../../src/lib/server/subscription.ts';

/** Turns renewal back on: the schedule the person stopped resumes at WayForPay while premium runs (issue 31). */
export default endpoint(payments.resume, async ({ user }) => {
  const outcome = await resumeSubscription(user.id);
  if (!outcome.ok) return refuse(outcome.error);
  return { ok: true as const, subscription: await subscriptionOf(user.id) };
});

export const config: Config = { path: '/api/subscription/resume', method: 'POST' };
