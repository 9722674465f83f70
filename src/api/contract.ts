/**
 * What a contract is: one endpoint's path, method, who may call it, the zod schemas of its path parameters, query
 * and JSON body, and the type of its answer. `src/api/<resource>.ts` holds one per endpoint; the server's endpoint
 * wrapper (src/lib/server/endpoint.ts) validates by it, the browser's call layer (src/lib/client/call.ts) is typed by
 * it. The browser imports these modules as types only (`import type`): zod never reaches a page's bundle.
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/** A signed-in user ('required': 401 otherwise), anyone with the user if any ('optional'), or anyone ('none'). */
export type Auth = 'required' | 'optional' | 'none';

export interface Contract {
  /** Netlify's path pattern, `:name` for a parameter: the function's `config.path` (tests/unit/contracts checks). */
  path: string;
  method: Method;
  auth: Auth;
  /** Path parameters; a value the schema refuses is a 404 with `notFound`. */
  params?: z.ZodType;
  /** Query parameters (each given once; strings); a refusal is a 400 with `invalidQuery` or the fields. */
  query?: z.ZodType;
  /** The JSON body; without it the body is not read. */
  body?: z.ZodType;
  /** The body's size limit in bytes (413 above it); 8 KiB unless said. */
  maxBytes?: number;
  /** The message key of a 404 for path parameters the schema refuses. */
  notFound?: string;
  /**
   * The message key of a 400 for a query the schema refuses, or one per parameter (`'*'` for the rest): the first
   * refused parameter's (default api.error.invalid_query with the fields).
   */
  invalidQuery?: string | Record<string, string>;
  /** The success status (200 unless said). */
  status?: number;
  /** Not JSON: the answer is a page, an image or a redirect (the handler makes the Response itself). */
  raw?: true;
  /**
   * `false` for an endpoint a provider's server calls, not a browser (WayForPay's callback: its signature is the
   * check). Every other state-changing endpoint refuses a cross-site browser request.
   */
  csrf?: false;
}

/** Declares a contract whose successful answer is `R` (a type only: nothing of it exists at run time). */
export const contract =
  <R>() =>
  <const C extends Contract>(c: C): C & { readonly __answer?: R } =>
    c;

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The answer of a contract's success. */
export type AnswerOf<C> = C extends { readonly __answer?: infer R } ? R : never;
/** What the browser sends: path parameters, query and body before the schemas' transforms. */
export type ParamsIn<C> = C extends { params: infer S } ? Input<S> : undefined;
export type QueryIn<C> = C extends { query: infer S } ? Input<S> : undefined;
export type BodyIn<C> = C extends { body: infer S } ? Input<S> : undefined;
/** What the handler gets: the same after validation. */
export type ParamsOut<C> = C extends { params: infer S } ? Output<S> : undefined;
export type QueryOut<C> = C extends { query: infer S } ? Output<S> : undefined;
export type BodyOut<C> = C extends { body: infer S } ? Output<S> : undefined;

/** `METHOD /path`: how the browser names a contract it calls (checked against the contract's own). */
export type RouteOf<C extends Contract> = `${C['method']} ${C['path']}`;

/** Every refusal's body: its message key and the text in the request's language; some say more (`extra`). */
export interface Refusal {
  error: string;
  message: string;
  retryAfterSeconds?: number;
  [extra: string]: unknown;
}
