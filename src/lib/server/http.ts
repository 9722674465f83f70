/** Response helpers shared by every function: JSON bodies and errors carrying a message key and its text. */
import { isLang, t, type Lang } from '../../i18n/index.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';
import { noteRefusal } from './refusals.ts';
import { siteUrl } from './env.ts';

/** The request's language: an explicit `lang` wins, then Accept-Language, then Ukrainian. */
export function requestLang(req: Request, explicit?: unknown): Lang {
  if (isLang(explicit)) return explicit;
  const fromQuery = new URL(req.url).searchParams.get('lang');
  if (isLang(fromQuery)) return fromQuery;
  const accept = req.headers.get('accept-language') ?? '';
  const first = accept.split(',')[0]?.trim().slice(0, 2).toLowerCase();
  return first === 'en' ? 'en' : 'uk';
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  // Also for JSON made outside a function (the local server's 404/405/413); functions add HSTS too (secured()).
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  return Response.json(data, { ...init, headers });
}

/** `{ error: key, message }` in the request's language, with a 4xx/5xx status. */
export function jsonError(
  status: number,
  key: string,
  lang: Lang,
  extra: Record<string, unknown> = {},
  init: ResponseInit = {},
): Response {
  return json({ error: key, message: t(lang, key), ...extra }, { ...init, status });
}

/**
 * The HTTP status of each refusal a service returns. Services answer `{ ok: false, error: key }` and know nothing
 * of HTTP; the function answers `refusal(key, lang)`. A key not listed is a 400.
 */
const STATUS_OF = {
  'auth.error.fill.fields': 400,
  'auth.error.email.invalid': 400,
  'auth.error.password.length': 400,
  'auth.error.invalid': 401,
  'auth.error.unauthenticated': 401,
  'auth.error.exists': 409,
  'auth.error.rate_limited': 429,
  'auth.error.token.invalid': 400,
  'auth.error.token.expired': 410,
  'auth.error.email.already_verified': 409,
  'auth.error.password.current': 403,
  'auth.error.password.none': 409,
  'auth.error.email.same': 409,
  'promo.error.empty': 400,
  'promo.error.signin': 401,
  'promo.error.invalid': 404,
  'promo.error.used': 409,
  'promo.error.exhausted': 409,
  'promo.error.expired': 410,
  'score.error.unknown_question': 422,
  'score.error.duplicate_answer': 422,
  'score.error.option_out_of_range': 422,
  'score.error.answer_count': 422,
  'score.error.unexpected_tiebreak': 422,
  'score.error.rate_limited': 429,
  'score.error.form_token': 400,
  'score.error.sitting_used': 409,
  'score.error.save_failed': 503,
  'results.error.claimed': 409,
  'certificate.error.caution': 409,
  'certificate.error.no_clear_type': 409,
  'certificate.error.near_chance': 409,
  'share.error.caution': 409,
  'share.error.no_clear_type': 409,
  'share.error.duplicate': 409,
  'share.error.not_found': 404,
  'share.error.no_link': 404,
  'share.error.gone': 404,
  'certificate.error.duplicate': 409,
  'certificate.error.name_needed': 409,
  'certificate.error.withdrawn': 410,
  'account.delete.reauth': 403,
  'token.error.invalid': 400,
  'token.error.expired': 400,
  'subscription.cancel.error': 409,
  'subscription.cancel.pending': 502,
  'subscription.resume.error': 409,
  'subscription.resume.failed': 502,
  'api.error.not_found': 404,
  'api.error.db_unavailable': 503,
  'results.error.not_found': 404,
  'certificate.error.not_found': 404,
  'certificate.error.unknown_code': 404,
  'payment.error.not_found': 404,
  'payment.error.callback': 502,
  'payment.error.unavailable': 503,
  'form.error.unknown': 400,
  'results.error.type': 400,
  'results.error.page': 400,
} as const satisfies Record<string, number>;
export type ErrorKey = keyof typeof STATUS_OF;

export const statusOf = (key: string): number => (STATUS_OF as Record<string, number>)[key] ?? 400;

/** A service's refusal as the function answers it: its status, key and text; Retry-After when it says when. */
export function refusal(
  key: string,
  lang: Lang,
  extra: Record<string, unknown> & { retryAfterSeconds?: number } = {},
): Response {
  const retry = extra.retryAfterSeconds;
  return jsonError(statusOf(key), key, lang, extra, { headers: retry ? { 'Retry-After': String(retry) } : {} });
}

export type BodyRead = { ok: true; value: unknown } | { ok: false; response: Response };

/** Reads a JSON body of at most maxBytes: 415 for another media type, 413 when too large, 400 when malformed. */
export async function readJson(req: Request, maxBytes: number): Promise<BodyRead> {
  const lang = requestLang(req);
  const type = req.headers.get('content-type');
  if (type && !/^application\/(.+\+)?json\b/i.test(type))
    return { ok: false, response: jsonError(415, 'api.error.unsupported_media_type', lang) };
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > maxBytes) return { ok: false, response: jsonError(413, 'api.error.payload_too_large', lang) };
  // A client that goes away mid-body is a refusal to count, not an error to trace (refusals.ts).
  const body = await req.arrayBuffer().catch(() => null);
  if (!body) {
    noteRefusal('upload aborted');
    return { ok: false, response: jsonError(400, 'api.error.bad_request', lang) };
  }
  const bytes = new Uint8Array(body);
  if (bytes.length > maxBytes) return { ok: false, response: jsonError(413, 'api.error.payload_too_large', lang) };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return { ok: false, response: jsonError(400, 'api.error.invalid_json', lang) };
  }
  // PostgreSQL stores neither a NUL character nor a lone surrogate (jsonb refuses its escape): refuse them here,
  // in any string or key, rather than fail on the write.
  if (hasUnstorableText(value)) return { ok: false, response: jsonError(400, 'api.error.invalid_body', lang) };
  return { ok: true, value };
}

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && text.isWellFormed();

/** A NUL, a lone surrogate or nesting deeper than any body of ours, anywhere in a parsed JSON value. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (!value || typeof value !== 'object') return false;
  // Deeper than any body of ours: refuse rather than walk it.
  if (depth > 32) return true;
  // Loops, not Object.entries(…).some(…): this walks every JSON body, and the pairs it allocated were most of its
  // cost (an IQ answer sheet: 4.8 → 0.9 µs on this machine).
  if (Array.isArray(value)) {
    for (const item of value) if (hasUnstorableText(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!isStorableText(key) || hasUnstorableText((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

/** A zod failure as a 400 with the offending fields (paths and codes, no echo of the values). */
export function invalidBody(issues: { path: PropertyKey[]; code: string }[], lang: Lang): Response {
  return jsonError(400, 'api.error.invalid_body', lang, {
    fields: issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), code: i.code })),
  });
}

/**
 * CSRF guard for state-changing requests (DESIGN.md §3.6): a browser's cross-site POST carries a foreign Origin
 * or Sec-Fetch-Site: cross-site. Requests without either header (server-to-server, curl) are not browsers' and pass.
 */
export function crossSiteRefusal(req: Request): Response | null {
  const site = req.headers.get('sec-fetch-site');
  const origin = req.headers.get('origin');
  const own = new URL(req.url).origin;
  // An opaque origin ("null": sandboxed frames, cross-origin redirects) is not ours either.
  const foreign = (site && site !== 'same-origin' && site !== 'none') || (origin !== null && origin !== own);
  return foreign ? jsonError(403, 'api.error.cross_site', requestLang(req)) : null;
}

/** Our ids (users, results): a UUID as PostgreSQL's gen_random_uuid writes it. Anything else is not ours. */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * A 302 to a path on this site, absolute on SITE_URL (siteUrl()): never on the request's address, whose host comes
 * from the Host header (or a proxy's X-Forwarded-Host) that a client chooses.
 */
export function redirect(path: string, cookies: string[] = []): Response {
  const response = new Response(null, {
    status: 302,
    headers: { Location: new URL(path, siteUrl()).toString(), 'Cache-Control': 'no-store' },
  });
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
}
