import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { handleServiceCallback } from '../../src/lib/server/payments/charges.ts';
import { parseCallbackBody } from '../../src/lib/server/payments/wayforpay/index.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

/**
 * WayForPay's service callback (serviceUrl). A bad signature, an unknown order or a mismatched amount changes
 * nothing and is logged; otherwise the status is recorded and answered with the signed "accept".
 */
export default secured(
  refusingMisconfiguration(async (req: Request, context: Context) => {
    const text = (await req.text()).slice(0, 64 * 1024);
    const callback = parseCallbackBody(text);
    if (!callback) {
      console.warn('[wayforpay] callback refused: unreadable body');
      return Response.json({ error: 'payment.error.callback' }, { status: 400 });
    }
    const outcome = await handleServiceCallback(callback);
    if (!outcome.ok) {
      console.warn(
        `[wayforpay] callback for ${JSON.stringify(String(callback.orderReference).slice(0, 80))} refused: ${outcome.reason}`,
      );
      return Response.json({ error: 'payment.error.callback' }, { status: 400 });
    }
    context.waitUntil(deliverOutboxSoon());
    return Response.json(outcome.response);
  }),
);

export const config: Config = { path: '/api/payments/wayforpay', method: 'POST' };
