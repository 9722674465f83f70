/** A purchase: starting it (an order, then the provider's widget or page) and asking how it ended. */
import type * as payments from '../api/payments.ts';
import { call, callRetrying } from '../lib/client/call.ts';
import type { TestKind } from '../domain/views.ts';
import type { Lang } from '../i18n/paths.ts';

export interface CheckoutForm {
  fullName: string;
  phone: string;
  testType?: TestKind;
  testResultId?: string;
  lang: Lang;
}

export const startCheckout = (body: CheckoutForm) =>
  call<typeof payments.checkout>('POST /api/payments/checkout', { body });

/** The order's status as the server knows it (it asks WayForPay itself while the callback has not come). */
export const orderStatus = (orderReference: string) =>
  callRetrying<typeof payments.status>('GET /api/payments/:orderReference', { params: { orderReference } });
