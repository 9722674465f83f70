import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { handleServiceCallback } from '../../src/lib/server/payments/charges.ts';
import { parseCallbackBody } from '../../src/lib/server/payments/wayforpay/index.ts';
import { noteRefusal } from '../../src/lib/server/refusals.ts';

/**
 * WayForPay's service callback (serviceUrl). A bad signature, an unknown order or a mismatched amount changes
 * nothing and is counted in the log (refusals.ts: one line per reason a minute); otherwise the status is recorded and
 * answered with the signed "accept". WayForPay's own format both ways, so the handler reads and answers it itself.
 */
export default endpoint(payments.wayforpay, async ({ req, context }) => {
  const text = await req.text().catch(() => null);
  const callback = text === null ? null : parseCallbackBody(text.slice(0, 64 * 1024));
  if (!callback) {
    noteRefusal(text === null ? 'upload aborted' : 'wayforpay callback: unreadable body');
    return Response.json({ error: 'payment.error.callback' }, { status: 400 });
  }
  const outcome = await handleServiceCallback(callback);
  if (!outcome.ok) {
    noteRefusal(`wayforpay callback: ${outcome.reason}`, String(callback.orderReference));
    return Response.json({ error: 'payment.error.callback' }, { status: 400 });
  }
  context.waitUntil(deliverOutboxSoon());
  return Response.json(outcome.response);
});

export const config: Config = { path: '/api/payments/wayforpay', method: 'POST' };
