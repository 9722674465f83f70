/**
 * The one wrapper every HTTP function is built with: `export default endpoint(contract, handler)`. From the contract
 * (src/api/) it refuses cross-site state changes, validates the path parameters (404), the query (400) and the bounded
 * JSON body (413/415/400), resolves the language (the body's `lang`, else the query's, else Accept-Language) and the
 * signed-in user once, applies the endpoint's rate limits, and answers. The handler returns the contract's answer,
 * `reply(answer, init)` for other headers, `refuse(key)` for a refusal (its status from the key, http.ts), or a
 * Response of its own for a page, an image or a redirect. A thrown error is one place too: a refused production
 * configuration answers its 503, anything else is logged and answered 500 api.error.server — on Netlify as locally.
 * Every answer gets the security headers and the cookies the request's handling recorded (the session's sliding
 * expiry, the visitor cookie: response-cookies.ts). Scheduled functions use `scheduled` (scheduled.ts).
 */
import type { Context } from '@netlify/functions';
import type { Lang } from '../../i18n/index.ts';
import type { AnswerOf, Auth, BodyOut, Contract, ParamsOut, QueryOut } from '../../api/contract.ts';
import {
  crossSiteRefusal,
  invalidBody,
  json,
  jsonError,
  readJson,
  refusal,
  requestLang,
  type ErrorKey,
} from './http.ts';
import { sessionFromRequest, type Session, type SessionUser } from './session.ts';
import { secured } from './security-headers.ts';
import { consumeAll, type Limit } from './rate-limit.ts';
import { isProductionConfigError } from './production.ts';
import { db } from './db.ts';

type UserFor<A extends Auth> = A extends 'required' ? SessionUser : A extends 'optional' ? SessionUser | null : null;
type Issues = { path: PropertyKey[]; code: string; message?: string }[];

/** What a handler is given: the request as the contract reads it. */
export interface Call<C extends Contract> {
  req: Request;
  context: Context;
  lang: Lang;
  user: UserFor<C['auth']>;
  /** The session the user came with (null when none, or for auth 'none'). */
  session: Session | null;
  params: ParamsOut<C>;
  query: QueryOut<C>;
  body: BodyOut<C>;
}

/** A refusal: the key's status (http.ts STATUS_OF), `{ error, message, ...extra }`, and Retry-After when it says. */
export class Refused {
  readonly key: ErrorKey;
  readonly extra: Record<string, unknown> & { retryAfterSeconds?: number };
  constructor(key: ErrorKey, extra: Record<string, unknown> & { retryAfterSeconds?: number } = {}) {
    this.key = key;
    this.extra = extra;
  }
}
/** A refusal by a key of http.ts's table (its status is there: a key outside it does not type-check). */
export const refuse = (key: ErrorKey, extra?: Record<string, unknown> & { retryAfterSeconds?: number }) =>
  new Refused(key, extra);

/** An answer with a status or headers of its own. */
export class Reply<R> {
  readonly data: R;
  readonly init: ResponseInit;
  constructor(data: R, init: ResponseInit) {
    this.data = data;
    this.init = init;
  }
}
export const reply = <R>(data: R, init: ResponseInit) => new Reply(data, init);

export type Answer<C extends Contract> = AnswerOf<C> | Reply<AnswerOf<C>> | Refused | Response;

export interface EndpointOptions<C extends Contract> {
  /** A body schema failure's answer, when a field has a message of its own (default api.error.invalid_body + fields). */
  invalid?: (issues: Issues, lang: Lang) => Response;
  /** The 401 when the contract needs a user and nobody is signed in (default auth.error.unauthenticated). */
  unauthenticated?: (lang: Lang) => Response;
  /** Limits counted once the request is valid and its user known; over one: 429 `limitKey` with Retry-After. */
  limits?: (call: Call<C>) => Limit[];
  limitKey?: string;
}

export type Handler = ((req: Request, context: Context) => Promise<Response>) & { contracts: Contract[] };

const DEFAULT_MAX_BYTES = 8 * 1024;

/** The query as an object of its parameters (a repeated one: its first value). */
function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!(name in out)) out[name] = value;
  return out;
}

const fieldsOf = (issues: Issues) =>
  issues.slice(0, 10).map((i) => ({ path: i.path.map(String).join('.'), code: i.code }));

async function prepare<C extends Contract>(
  c: C,
  req: Request,
  context: Context,
  options: EndpointOptions<C>,
): Promise<Call<C> | Response> {
  if (c.method !== 'GET' && c.csrf !== false) {
    const refused = crossSiteRefusal(req);
    if (refused) return refused;
  }
  const url = new URL(req.url);
  let params: unknown;
  if (c.params) {
    const parsed = c.params.safeParse(context.params ?? {});
    if (!parsed.success) return jsonError(404, c.notFound ?? 'api.error.not_found', requestLang(req));
    params = parsed.data;
  }
  let query: unknown;
  if (c.query) {
    const parsed = c.query.safeParse(queryObject(url));
    if (!parsed.success) {
      const lang = requestLang(req);
      const asked = c.invalidQuery;
      const key =
        typeof asked === 'string' ? asked : (asked?.[String(parsed.error.issues[0]?.path[0])] ?? asked?.['*']);
      return key
        ? jsonError(400, key, lang)
        : jsonError(400, 'api.error.invalid_query', lang, { fields: fieldsOf(parsed.error.issues) });
    }
    query = parsed.data;
  }
  let raw: unknown;
  if (c.body) {
    const read = await readJson(req, c.maxBytes ?? DEFAULT_MAX_BYTES);
    if (!read.ok) return read.response;
    raw = read.value;
  }
  const lang = requestLang(req, (raw as { lang?: unknown } | null | undefined)?.lang);
  let user: SessionUser | null = null;
  let session: Session | null = null;
  if (c.auth !== 'none') {
    ({ user, session } = await sessionFromRequest(req));
    if (!user && c.auth === 'required')
      return options.unauthenticated?.(lang) ?? refusal('auth.error.unauthenticated', lang);
  }
  let body: unknown;
  if (c.body) {
    const parsed = c.body.safeParse(raw);
    if (!parsed.success) return (options.invalid ?? invalidBody)(parsed.error.issues, lang);
    body = parsed.data;
  }
  return { req, context, lang, user, session, params, query, body } as Call<C>;
}

function respond<C extends Contract>(c: C, lang: Lang, answer: Answer<C>): Response {
  if (answer instanceof Response) return answer;
  if (answer instanceof Refused) return refusal(answer.key, lang, answer.extra);
  if (answer instanceof Reply) return json(answer.data, { status: c.status, ...answer.init });
  return json(answer, { status: c.status });
}

/** PostgreSQL's codes for a row another transaction took away: a foreign key gone, a deadlock. */
const RACE_CODES = new Set(['23503', '40P01']);
/** Whether an error is a lost race over a row (see accountWentDuring): a handler that catches its errors rethrows it. */
export const lostRace = (err: unknown): boolean => RACE_CODES.has((err as { code?: string })?.code ?? '');

/**
 * Whether a database error is the signed-in user's account going while this request used it (issue 44: DELETE
 * /api/me racing a share, a promo code, a claim…): the statement lost a race with the deletion, and the account is no
 * longer there. Then the request is answered as any request of an account that is gone — 401 — not 500.
 */
async function accountWentDuring(err: unknown, userId: string | undefined): Promise<boolean> {
  if (!userId || !lostRace(err)) return false;
  try {
    const [user] = await (await db()).query('SELECT 1 FROM users WHERE id = $1', [userId]);
    return !user;
  } catch {
    return false;
  }
}

/** One endpoint: its contract, its handler, its options (above). */
export function endpoint<C extends Contract>(
  c: C,
  handler: (call: Call<C>) => Promise<Answer<C>>,
  options: EndpointOptions<C> = {},
): Handler {
  const run = secured(async (req: Request, context: Context): Promise<Response> => {
    let userId: string | undefined;
    try {
      const call = await prepare(c, req, context, options);
      if (call instanceof Response) return call;
      userId = call.user?.id;
      if (options.limits) {
        const limited = await consumeAll(options.limits(call));
        if (!limited.ok)
          return refusal(options.limitKey ?? 'auth.error.rate_limited', call.lang, {
            retryAfterSeconds: limited.retryAfterSeconds,
          });
      }
      return respond(c, call.lang, await handler(call));
    } catch (err) {
      const lang = requestLang(req);
      if (await accountWentDuring(err, userId)) return jsonError(401, 'auth.error.unauthenticated', lang);
      // A deadlock the database broke by aborting this side: nothing was written, and the same request may pass now.
      // Logged: a deadlock that keeps coming back is a lock-ordering bug to find.
      if ((err as { code?: string })?.code === '40P01') {
        console.warn(`[${c.method} ${c.path}] deadlock, answered 503 to retry`);
        return refusal('api.error.db_unavailable', lang, { retryAfterSeconds: 1 });
      }
      if (isProductionConfigError(err)) {
        console.error(`[${c.path}] ${err.message}`);
        return jsonError(err.status, err.key, lang);
      }
      console.error(`[${c.method} ${c.path}]`, (err as Error).stack ?? err);
      return jsonError(500, 'api.error.server', lang);
    }
  });
  return Object.assign(run, { contracts: [c] });
}

/** Several endpoints at one path, one per method (GET and PATCH /api/me): the request's method picks. */
export function endpoints(...handlers: Handler[]): Handler {
  const byMethod = new Map(handlers.flatMap((h) => h.contracts.map((c) => [c.method as string, h] as const)));
  const run = async (req: Request, context: Context): Promise<Response> => {
    // HEAD is answered as GET (without the body, by the platform), as before the contracts.
    const handler = byMethod.get(req.method === 'HEAD' ? 'GET' : req.method);
    if (handler) return handler(req, context);
    return secured(async () => jsonError(405, 'api.error.method_not_allowed', requestLang(req)))(req);
  };
  return Object.assign(run, { contracts: handlers.flatMap((h) => h.contracts) });
}
