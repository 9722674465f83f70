import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { isPlainText } from '../../src/domain/text.ts';
import { z } from 'zod';
import { currentUser } from '../../src/lib/server/auth.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { createCheckout } from '../../src/lib/server/payments/payments.ts';
import { consume } from '../../src/lib/server/rate-limit.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

const Body = z.object({
  fullName: z.string().trim().min(1).max(100).refine(isPlainText),
  phone: z.string().trim().regex(/^\+?[0-9 ()-]{9,20}$/),
  testType: z.enum(['iq', 'professional']).optional(),
  testResultId: z.uuid().optional(),
  lang: z.enum(['uk', 'en']).optional(),
});

/** Starts a purchase: an order row, then either WayForPay widget parameters signed here or the local test page. */
export default secured(refusingMisconfiguration(async (req: Request, _context: Context) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  const body = await readJson(req, 4 * 1024);
  if (!body.ok) return body.response;
  const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
  const parsed = Body.safeParse(body.value);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    if (field === 'fullName' || field === 'phone') return jsonError(400, `payment.error.${field}`, lang);
    return invalidBody(parsed.error.issues, lang);
  }
  const limited = await consume({ key: `checkout:${user.id}`, max: 20, windowMs: 60 * 60_000 });
  if (!limited.ok) return jsonError(429, 'auth.error.rate_limited', lang, {}, { headers: { 'Retry-After': String(limited.retryAfterSeconds) } });
  const checkout = await createCheckout({ ...parsed.data, userId: user.id, email: user.email, lang });
  return json(checkout, { status: 201 });
}));

export const config: Config = { path: '/api/payments/checkout', method: 'POST' };
