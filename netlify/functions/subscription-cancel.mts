import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { stopUserRenewals } from '../../src/lib/server/payments/stop-renewal.ts';
import { cancelRenewal, subscriptionOf } from '../../src/lib/server/subscription.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

/** Stops renewal (WayForPay regular payment removed); access stays until the end of the paid period. */
export default secured(
  refusingMisconfiguration(async (req: Request) => {
    const request = await parseRequest(req, { auth: 'required' });
    if (!request.ok) return request.response;
    const { user, lang } = request;
    const cancelled = await cancelRenewal(user.id);
    if (!cancelled.ok) return refusal('subscription.cancel.error', lang);
    // Success only when WayForPay confirms the stop; otherwise the profile says so and a scheduled retry keeps asking.
    const stopped = await stopUserRenewals(user.id);
    if (!stopped) return refusal('subscription.cancel.pending', lang, { subscription: await subscriptionOf(user.id) });
    return json({ ok: true, subscription: await subscriptionOf(user.id) });
  }),
);

export const config: Config = { path: '/api/subscription/cancel', method: 'POST' };
