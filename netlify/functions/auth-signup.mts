import type { Config, Context } from '@netlify/functions';
import { AuthBody, signUp } from '../../src/lib/server/auth.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang } from '../../src/lib/server/http.ts';
import { sessionCookies, withCookies } from '../../src/lib/server/session.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';

/** Creates an account (email, password ≥ 6, optional full name) and signs it in. */
export default async (req: Request, context: Context) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const body = await readJson(req, 8 * 1024);
  if (!body.ok) return body.response;
  const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
  const parsed = AuthBody.safeParse(body.value);
  if (!parsed.success) return invalidBody(parsed.error.issues, lang);
  const outcome = await signUp(parsed.data, context.ip);
  if (!outcome.ok) {
    const headers: HeadersInit = outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : {};
    return jsonError(outcome.status, outcome.error, lang, outcome.retryAfterSeconds ? { retryAfterSeconds: outcome.retryAfterSeconds } : {}, { headers });
  }
  context.waitUntil(deliverOutboxSoon());
  return withCookies(json({ ok: true, userId: outcome.userId }, { status: 201 }), sessionCookies(req, outcome.token, outcome.expiresAt));
};

export const config: Config = { path: '/api/auth/signup', method: 'POST' };
