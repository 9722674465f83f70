import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint, endpoints, refuse, Refused, type Call } from '../../src/lib/server/endpoint.ts';
import { functionPageCsp } from '../../src/lib/server/security-headers.ts';
import { localizedPath } from '../../src/i18n/paths.ts';
import { t } from '../../src/i18n/index.ts';
import { escapeHtml as escape } from '../../src/lib/html.ts';
import { redirect } from '../../src/lib/server/http.ts';
import { orderForOwner } from '../../src/lib/server/payments/orders.ts';
import { paymentProvider } from '../../src/lib/server/payments/payments.ts';
import { decideTestOrder } from '../../src/lib/server/payments/test-provider.ts';

/** The page's only style: its hash is the page's whole style-src (no 'unsafe-inline'). */
const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111827;line-height:1.5}
.card{border:1px solid #d1d5db;border-radius:12px;padding:1.5rem}button{font:inherit;font-weight:600;min-height:44px;padding:.5rem 1.2rem;border-radius:999px;border:2px solid #1d4ed8;cursor:pointer;margin:.25rem .5rem .25rem 0}
.approve{background:#1d4ed8;color:#fff}.decline{background:#fff;color:#1d4ed8}`;
const PAGE_CSP = functionPageCsp([STYLE]);

/**
 * The test payment provider's page (test-provider.ts): the order, and Approve / Decline. Not found where payments
 * are WayForPay's, signed in or not. The decision comes as a form post, not JSON: the wrapper checks its origin and
 * user, the handler reads the form.
 */
async function testOrder({ user, params }: Call<typeof payments.testPage | typeof payments.testDecision>) {
  if (paymentProvider() !== 'test') return refuse('api.error.not_found');
  if (!user) return refuse('auth.error.unauthenticated');
  const order = await orderForOwner(params.orderReference, user.id);
  return order && order.provider === 'test' ? order : refuse('payment.error.not_found');
}

export default endpoints(
  endpoint(payments.testPage, async (call) => {
    const order = await testOrder(call);
    if (order instanceof Refused) return order;
    const { lang } = call;
    const html = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(t(lang, 'testpay.title'))} — Rozum</title>
<style>${STYLE}</style></head>
<body><main class="card"><h1>${escape(t(lang, 'testpay.title'))}</h1><p>${escape(t(lang, 'testpay.text'))}</p>
<p><strong>${escape(order.order_reference)}</strong> · ${Number(order.amount)} ${escape(order.currency)}</p>
<form method="post"><button class="approve" name="decision" value="approve">${escape(t(lang, 'testpay.approve'))}</button>
<button class="decline" name="decision" value="decline">${escape(t(lang, 'testpay.decline'))}</button></form></main></body></html>`;
    return new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': PAGE_CSP,
      },
    });
  }),
  endpoint(payments.testDecision, async (call) => {
    const order = await testOrder(call);
    if (order instanceof Refused) return order;
    const approve = new URLSearchParams(await call.req.text()).get('decision') === 'approve';
    const decided = await decideTestOrder(order, approve);
    if (!decided.ok) return refuse('payment.error.callback');
    return redirect(
      `${localizedPath(call.lang, '/payment-result')}?orderReference=${order.order_reference}&transactionStatus=${decided.transactionStatus}`,
    );
  }),
);

export const config: Config = { path: '/api/payments/test/:orderReference', method: ['GET', 'POST'] };
