/**
 * The browser's one way to call the API, typed by the contracts (src/api/, imported as types only: no zod in a
 * page). One error policy for every call:
 * - a network failure or a 5xx is `unavailable`: worth another try, and `callRetrying` tries again with backoff
 *   (1, 2, 4, 8, 15 s…) up to a cap, then says so and stops;
 * - a 429 is `limited`: the server's message and when to try again (Retry-After), never retried by itself — each try
 *   would count against the limit, for everyone behind the same address;
 * - any other 4xx is `refused`: the server's message, never retried.
 * Stores (src/stores/) own the calls and what they answer; islands render and call the stores' actions.
 */
import type { AnswerOf, BodyIn, Contract, ParamsIn, QueryIn, RouteOf } from '../../api/contract.ts';

export type Failure =
  | { ok: false; kind: 'unavailable'; status: number; error: string; message?: string }
  | { ok: false; kind: 'limited'; status: 429; error: string; message?: string; retryAt: number }
  | { ok: false; kind: 'refused'; status: number; error: string; message?: string; body: Record<string, unknown> };
export type Outcome<T> = { ok: true; data: T } | Failure;

export interface CallInput<C extends Contract> {
  params?: ParamsIn<C>;
  query?: QueryIn<C>;
  body?: BodyIn<C>;
  timeoutMs?: number;
}

/** When the server gives none, a 429 is read as "try again in a minute". */
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The address of a route with its parameters and query filled in. */
export function addressOf(path: string, params?: object, query?: object): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) search.set(name, String(value));
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/** One call of a contract's route: `call<typeof results.get>('GET /api/results/:kind/:id', { params })`. */
export async function call<C extends Contract>(
  route: RouteOf<C>,
  input: CallInput<C> = {},
): Promise<Outcome<AnswerOf<C>>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const url = addressOf(route.slice(space + 1), input.params as unknown as object, input.query as unknown as object);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), input.timeoutMs ?? 15_000);
  try {
    // Answers (results, messages) come in the page's language, not the browser's: a call that names no lang is
    // read by the server in the language the page says it is in.
    const headers = new Headers();
    if (typeof document !== 'undefined' && document.documentElement.lang)
      headers.set('Accept-Language', document.documentElement.lang);
    let body: string | undefined;
    if (input.body !== undefined || (method !== 'GET' && method !== 'HEAD')) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(input.body ?? {});
    }
    const res = await fetch(url, { method, headers, body, credentials: 'same-origin', signal: controller.signal });
    const data = await res.json().catch(() => null);
    if (res.ok) return { ok: true, data: data as AnswerOf<C> };
    return failure(res, data);
  } catch {
    return { ok: false, kind: 'unavailable', status: 0, error: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

function failure(res: Response, data: unknown): Failure {
  const body = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  const error = typeof body.error === 'string' ? body.error : 'api.error.server';
  const message = typeof body.message === 'string' ? body.message : undefined;
  if (res.status >= 500) return { ok: false, kind: 'unavailable', status: res.status, error, message };
  if (res.status === 429) {
    const header = Number(res.headers.get('retry-after'));
    const seconds = Number.isFinite(header) && header > 0 ? header : DEFAULT_RETRY_AFTER_SECONDS;
    return {
      ok: false,
      kind: 'limited',
      status: 429,
      error,
      message,
      retryAt: Date.now() + seconds * 1000,
    };
  }
  return { ok: false, kind: 'refused', status: res.status, error, message, body };
}

export interface RetryPolicy {
  /** Tries in all, the first included (default 6: about half a minute of waiting). */
  attempts?: number;
  /** Called before each wait: the number of the try about to be made (2, 3, …), why, and how long until it. */
  onRetry?: (next: number, failure: Failure, delayMs: number) => void;
  signal?: AbortSignal;
}

export const DEFAULT_ATTEMPTS = 6;
/** The wait after the n-th failed try: 1, 2, 4, 8, 15, 15 … seconds. */
export const backoffMs = (attempt: number): number => Math.min(15_000, 1000 * 2 ** (attempt - 1));

/**
 * `call`, tried again while the server is unreachable or failing (network, 5xx), up to `attempts` tries, waking
 * early when the browser says it is back online. A refusal or a limit is answered at once.
 */
export async function callRetrying<C extends Contract>(
  route: RouteOf<C>,
  input: CallInput<C> = {},
  policy: RetryPolicy = {},
): Promise<Outcome<AnswerOf<C>>> {
  const attempts = policy.attempts ?? DEFAULT_ATTEMPTS;
  for (let n = 1; ; n++) {
    const outcome = await call<C>(route, input);
    if (outcome.ok || outcome.kind !== 'unavailable' || n >= attempts || policy.signal?.aborted) return outcome;
    const delay = backoffMs(n);
    policy.onRetry?.(n + 1, outcome, delay);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        resolve();
      };
      const timer = setTimeout(done, delay);
      window.addEventListener('online', done);
    });
  }
}
