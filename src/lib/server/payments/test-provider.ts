/**
 * The test payment provider (PAYMENT_PROVIDER=test, set explicitly; refused where payments must be live, see
 * production.ts): the payer's Approve or Decline becomes a service callback signed exactly as WayForPay signs it,
 * posted to our own callback endpoint — the same code path as a real payment.
 */
import { siteUrl } from '../env.ts';
import { callbackSignature, merchantConfig, type ServiceCallback } from './wayforpay/index.ts';

export interface TestOrder {
  order_reference: string;
  amount: string;
  currency: string;
}

function testProviderCallback(order: TestOrder, approve: boolean): ServiceCallback {
  const config = merchantConfig();
  const base = {
    merchantAccount: config.account,
    orderReference: order.order_reference,
    amount: Number(order.amount),
    currency: order.currency,
    authCode: approve ? String(100000 + Math.floor(Math.random() * 899999)) : '',
    cardPan: '41****1111',
    transactionStatus: approve ? 'Approved' : 'Declined',
    reasonCode: approve ? 1100 : 1101,
    reason: approve ? 'Ok' : 'Declined To Card Issuer',
    createdDate: Math.floor(Date.now() / 1000),
    processingDate: Math.floor(Date.now() / 1000),
  };
  return { ...base, merchantSignature: callbackSignature(base, config.secretKey) };
}

/** Posts the payer's decision as the callback; the status it carried, once our endpoint accepted it. */
export async function decideTestOrder(
  order: TestOrder,
  approve: boolean,
): Promise<{ ok: true; transactionStatus: string } | { ok: false }> {
  const callback = testProviderCallback(order, approve);
  // The configured site, never the request's Host: a spoofed Host would send a signed approval to another server.
  const res = await fetch(new URL('/api/payments/wayforpay', siteUrl()), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(callback),
  });
  return res.ok ? { ok: true, transactionStatus: callback.transactionStatus } : { ok: false };
}
