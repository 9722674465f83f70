/** Changing the subscription from the profile: redeeming a promo code, stopping renewal and turning it back on. */
import type * as payments from '../api/payments.ts';
import { call } from '../lib/client/call.ts';
import type { Lang } from '../i18n/paths.ts';

export const redeemPromo = (promoCode: string, lang: Lang) =>
  call<typeof payments.promo>('POST /api/promo', { body: { promoCode, lang } });

/** Stops renewal; a 502 (subscription.cancel.pending) means recorded here, not yet confirmed by the provider. */
export const stopRenewal = () => call<typeof payments.cancel>('POST /api/subscription/cancel');

/** Turns renewal back on (the schedule the person stopped resumes at the provider). */
export const resumeRenewal = () => call<typeof payments.resume>('POST /api/subscription/resume');
