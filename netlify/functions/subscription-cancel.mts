import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { cancelSubscription, subscriptionOf } from '../../src/lib/server/subscription.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

/** Stops renewal (WayForPay regular payment removed); access stays until the end of the paid period. */
export default secured(
  refusingMisconfiguration(async (req: Request) => {
    const request = await parseRequest(req, { auth: 'required' });
    if (!request.ok) return request.response;
    const { user, lang } = request;
    const outcome = await cancelSubscription(user.id);
    if (!outcome.ok && outcome.error === 'subscription.cancel.error') return refusal(outcome.error, lang);
    // Stopped or still pending, the answer shows the subscription as it now is.
    const subscription = await subscriptionOf(user.id);
    return outcome.ok ? json({ ok: true, subscription }) : refusal(outcome.error, lang, { subscription });
  }),
);

export const config: Config = { path: '/api/subscription/cancel', method: 'POST' };
