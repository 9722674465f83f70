import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { z } from 'zod';
import { langField } from '../../src/lib/server/fields.ts';
import { t } from '../../src/i18n/index.ts';
import { json, jsonError, refusal } from '../../src/lib/server/http.ts';
import { redeemPromo } from '../../src/lib/server/promo.ts';
import { parseRequest } from '../../src/lib/server/request.ts';

const Body = z.object({ promoCode: z.string().max(64), lang: langField });

/** Applies a promo code: { success, message, days } or an error with the spec's messages. */
export default secured(async (req: Request) => {
  const request = await parseRequest(req, {
    auth: 'required',
    body: Body,
    maxBytes: 2 * 1024,
    unauthenticated: (lang) => jsonError(401, 'promo.error.signin', lang, { success: false }),
  });
  if (!request.ok) return request.response;
  const { user, lang, body } = request;
  const outcome = await redeemPromo(user.id, body.promoCode);
  if (!outcome.ok) {
    const retry = 'retryAfterSeconds' in outcome ? { retryAfterSeconds: outcome.retryAfterSeconds } : {};
    return refusal(outcome.error, lang, { success: false, ...retry });
  }
  return json({
    success: true,
    days: outcome.days,
    expiresAt: outcome.expiresAt,
    message: t(lang, 'promo.success', { n: outcome.days }),
  });
});

export const config: Config = { path: '/api/promo', method: 'POST' };
