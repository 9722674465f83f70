/**
 * A purchase: starting it (an order, then the provider's widget or page), asking how it ended, and what this tab
 * keeps of it meanwhile (lib/client/session.ts): where it started, so the payment result page can go back there, and
 * a purchase to take up again after signing in or after a declined payment.
 */
import type * as payments from '../api/payments.ts';
import { call, callRetrying } from '../lib/client/call.ts';
import * as session from '../lib/client/session.ts';
import type { TestKind } from '../domain/views.ts';
import type { Lang } from '../i18n/paths.ts';

export interface CheckoutForm {
  fullName: string;
  phone: string;
  testType?: TestKind;
  testResultId?: string;
  /** The payer ticked "use this name on my profile and certificates". */
  saveName?: boolean;
  lang: Lang;
}

let pricing: ReturnType<typeof askPrice> | null = null;
const askPrice = () => callRetrying<typeof payments.price>('GET /api/price');
/** The price as charged and its hryvnia figure (asked once per page; a failure is asked again next time). */
export function loadPrice() {
  pricing ??= askPrice().then((outcome) => {
    if (!outcome.ok) pricing = null;
    return outcome;
  });
  return pricing;
}

/** Starts a purchase; once the order exists, remembers where it started (`resultHref`) for the way back. */
export async function startCheckout(body: CheckoutForm, resultHref: string) {
  const outcome = await call<typeof payments.checkout>('POST /api/payments/checkout', { body });
  if (outcome.ok) {
    session.purchase.payer.write({ fullName: body.fullName, phone: body.phone });
    session.purchase.testType.write(body.testType ?? null);
    session.purchase.context.write({
      testType: body.testType ?? null,
      testResultId: body.testResultId ?? null,
      timestamp: Date.now(),
      url: resultHref,
    });
  }
  return outcome;
}

/** The order's status as the server knows it (it asks WayForPay itself while the callback has not come). */
export const orderStatus = (orderReference: string) =>
  callRetrying<typeof payments.status>('GET /api/payments/:orderReference', { params: { orderReference } });

/** Where the purchase this tab started came from (the payment result page's way back). */
export const purchaseStarted = () => session.purchase.context.read();

/** The purchase is over: its way back and its payer's details are forgotten. */
export const forgetPurchase = () =>
  session.clearAll(session.purchase.testType, session.purchase.context, session.purchase.payer);

/** The name and phone this tab's last order was placed with, while its purchase is not over (a declined one). */
export const lastPayer = () => session.purchase.payer.read();

/**
 * Take the purchase up again where it started: on the result (after signing in, or after a declined payment's "Try
 * again"), or on the profile (a declined payment started there).
 */
export const resumePurchaseLater = (where: TestKind | 'profile') => session.purchase.resume.write(where);

/** Whether a purchase started at `where` is to be taken up again now; asking forgets it (it is taken up once). */
export function takeResumedPurchase(kind: TestKind | 'profile'): boolean {
  if (session.purchase.resume.read() !== kind) return false;
  session.purchase.resume.clear();
  return true;
}
