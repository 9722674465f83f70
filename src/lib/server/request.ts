/**
 * The one request prologue every HTTP function starts with (README, "HTTP API"): the cross-site guard for
 * state-changing methods, the bounded JSON body, the language (the body's `lang`, else the query, else
 * Accept-Language), the signed-in user, the schema. A function gets `{ ok: true, lang, user, body }` or the
 * `response` to return as it is; it never repeats these steps.
 */
import type { z } from 'zod';
import type { Lang } from '../../i18n/index.ts';
import { crossSiteRefusal, invalidBody, json, readJson, refusal, requestLang } from './http.ts';
import { sessionCookies, sessionFromRequest, withCookies, type SessionUser } from './session.ts';
import { deviceCookie } from './device.ts';

export type Auth = 'required' | 'optional' | 'none';
type UserFor<A extends Auth> = A extends 'required' ? SessionUser : A extends 'optional' ? SessionUser | null : null;
type BodyFor<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RequestOptions<S extends z.ZodType | undefined, A extends Auth> {
  /** Who may call: a signed-in user ('required': 401 otherwise), anyone with the user if any, or anyone. */
  auth: A;
  /** The JSON body's schema; without it the body is not read. */
  body?: S;
  /** The body's size limit in bytes (413 above it). */
  maxBytes?: number;
  /** Refuse cross-site browser requests; by default for every method but GET and HEAD. */
  csrf?: boolean;
  /** The 401 when auth is 'required' and nobody is signed in (default: auth.error.unauthenticated). */
  unauthenticated?: (lang: Lang) => Response;
  /** A schema failure's answer, when a field has a message of its own (default: api.error.invalid_body with fields). */
  invalid?: (issues: { path: PropertyKey[]; code: string }[], lang: Lang) => Response;
}

export type ParsedRequest<S, A extends Auth> =
  { ok: true; lang: Lang; user: UserFor<A>; body: BodyFor<S> } | { ok: false; response: Response };

const DEFAULT_MAX_BYTES = 8 * 1024;

export async function parseRequest<S extends z.ZodType | undefined = undefined, A extends Auth = 'none'>(
  req: Request,
  options: RequestOptions<S, A>,
): Promise<ParsedRequest<S, A>> {
  const changesState = req.method !== 'GET' && req.method !== 'HEAD';
  if (options.csrf ?? changesState) {
    const refused = crossSiteRefusal(req);
    if (refused) return { ok: false, response: refused };
  }
  let raw: unknown;
  if (options.body) {
    const read = await readJson(req, options.maxBytes ?? DEFAULT_MAX_BYTES);
    if (!read.ok) return read;
    raw = read.value;
  }
  const lang = requestLang(req, (raw as { lang?: unknown } | null | undefined)?.lang);
  let user: SessionUser | null = null;
  if (options.auth !== 'none') {
    user = (await sessionFromRequest(req)).user;
    if (!user && options.auth === 'required') {
      return { ok: false, response: options.unauthenticated?.(lang) ?? refusal('auth.error.unauthenticated', lang) };
    }
  }
  let body: unknown;
  if (options.body) {
    const parsed = options.body.safeParse(raw);
    if (!parsed.success) return { ok: false, response: (options.invalid ?? invalidBody)(parsed.error.issues, lang) };
    body = parsed.data;
  }
  return { ok: true, lang, user: user as UserFor<A>, body: body as BodyFor<S> };
}

/** A new session's answer: the session and hint cookies, and the device cookie the sign-in throttling trusts. */
export function signedIn(
  req: Request,
  session: { userId: string; token: string; expiresAt: Date },
  status = 200,
): Response {
  return withCookies(json({ ok: true, userId: session.userId }, { status }), [
    ...sessionCookies(req, session.token, session.expiresAt),
    deviceCookie(req, session.userId),
  ]);
}
