import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { t } from '../../src/i18n/index.ts';
import { jsonError } from '../../src/lib/server/http.ts';
import { redeemPromo } from '../../src/lib/server/promo.ts';

/** Applies a promo code: { success, message, days } or an error with the spec's messages. */
export default endpoint(
  payments.promo,
  async ({ user, lang, body }) => {
    const outcome = await redeemPromo(user.id, body.promoCode);
    if (!outcome.ok) {
      const retry = 'retryAfterSeconds' in outcome ? { retryAfterSeconds: outcome.retryAfterSeconds } : {};
      return refuse(outcome.error, { success: false, ...retry });
    }
    return {
      success: true as const,
      days: outcome.days,
      expiresAt: outcome.expiresAt,
      message: t(lang, 'promo.success', { n: outcome.days }),
    };
  },
  { unauthenticated: (lang) => jsonError(401, 'promo.error.signin', lang, { success: false }) },
);

export const config: Config = { path: '/api/promo', method: 'POST' };
