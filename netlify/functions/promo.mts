import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { z } from 'zod';
import { t } from '../../src/i18n/index.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang } from '../../src/lib/server/http.ts';
import { redeemPromo } from '../../src/lib/server/promo.ts';
import { consume } from '../../src/lib/server/rate-limit.ts';

const Body = z.object({ promoCode: z.string().max(64), lang: z.enum(['uk', 'en']).optional() });

/** Applies a promo code: { success, message, days } or an error with the spec's messages. */
export default secured(async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const body = await readJson(req, 2 * 1024);
  if (!body.ok) return body.response;
  const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
  const user = await currentUser(req);
  if (!user) return jsonError(401, 'promo.error.signin', lang, { success: false });
  const parsed = Body.safeParse(body.value);
  if (!parsed.success) return invalidBody(parsed.error.issues, lang);
  const limited = await consume({ key: `promo:${user.id}`, max: 10, windowMs: 10 * 60_000 });
  if (!limited.ok) return jsonError(429, 'auth.error.rate_limited', lang, { success: false }, { headers: { 'Retry-After': String(limited.retryAfterSeconds) } });
  const outcome = await redeemPromo(user.id, parsed.data.promoCode);
  if (!outcome.ok) return jsonError(outcome.status, outcome.error, lang, { success: false });
  return json({ success: true, days: outcome.days, expiresAt: outcome.expiresAt, message: t(lang, 'promo.success', { n: outcome.days }) });
});

export const config: Config = { path: '/api/promo', method: 'POST' };
