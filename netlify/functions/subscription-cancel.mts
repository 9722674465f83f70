import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { crossSiteRefusal, json, jsonError, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { stopUserRenewals } from '../../src/lib/server/payments/payments.ts';
import { cancelRenewal, subscriptionOf } from '../../src/lib/server/subscription.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

/** Stops renewal (WayForPay regular payment removed); access stays until the end of the paid period. */
export default secured(refusingMisconfiguration(async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const lang = requestLang(req);
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  const cancelled = await cancelRenewal(user.id);
  if (!cancelled.ok) return jsonError(409, 'subscription.cancel.error', lang);
  // Success only when WayForPay confirms the stop; otherwise the profile says so and a scheduled retry keeps asking.
  const stopped = await stopUserRenewals(user.id);
  if (!stopped) return jsonError(502, 'subscription.cancel.pending', lang, { subscription: await subscriptionOf(user.id) });
  return json({ ok: true, subscription: await subscriptionOf(user.id) });
}));

export const config: Config = { path: '/api/subscription/cancel', method: 'POST' };
