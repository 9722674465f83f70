/**
 * /api/* on the local server: @hono/node-server turns the Node request into a Fetch `Request` and writes the
 * function's `Response` back; here we route by `config.path` and method, hold the body to its limit, build the
 * Netlify-like context and contain errors, as Netlify does in front of the same modules.
 */
import type { IncomingMessage } from 'node:http';
import { getRequestListener, RequestError } from '@hono/node-server';
import { readBody } from './body-limit.ts';
import { clientAddress, trustedProxyHops } from './client-address.ts';
import { createContext } from './context.ts';
import type { Handler } from './functions.ts';
import { findRoute, type Route } from './routes.ts';
import { jsonError, requestLang } from '../lib/server/http.ts';
import { isProductionConfigError } from '../lib/server/production.ts';
import { countStatements } from '../lib/server/database/statements.ts';
import { env } from '../lib/server/env.ts';
import { noteRefusal } from '../lib/server/refusals.ts';

export interface ApiOptions {
  routes: Route<Handler>[];
  siteUrl: string;
  waitUntil: (promise: Promise<unknown>) => void;
  log: (line: string) => void;
}

export function createApiListener({ routes, siteUrl, waitUntil, log }: ApiOptions) {
  async function answer(request: Request, incoming: IncomingMessage): Promise<Response> {
    const lang = requestLang(request);
    const { method } = request;
    const { match, allowed } = findRoute(routes, method, new URL(request.url).pathname);
    if (!match) {
      incoming.resume();
      const status = allowed.length ? 405 : 404;
      const response = jsonError(status, status === 405 ? 'api.error.method_not_allowed' : 'api.error.not_found', lang);
      if (allowed.length) response.headers.set('Allow', allowed.join(', '));
      return response;
    }

    if (method !== 'GET' && method !== 'HEAD') {
      const read = await readBody(incoming);
      // The client is gone: nobody reads this answer, and the log counts it (refusals.ts) rather than keep a stack.
      if (!read.ok && read.reason === 'aborted') {
        noteRefusal('upload aborted');
        return jsonError(400, 'api.error.bad_request', lang);
      }
      // Keep-alive, not Connection: close: closing now would reset a client still sending before it reads the 413;
      // readBody drains the rest of the upload, up to its limit.
      if (!read.ok) return jsonError(413, 'api.error.payload_too_large', lang);
      // The stream is spent: the adapter serves the function's body reads from this buffer (honojs/node-server#223).
      (incoming as IncomingMessage & { rawBody?: Buffer }).rawBody = read.body;
    }
    const forwardedFor = incoming.headers['x-forwarded-for'] as string | undefined;
    const { context, setCookies } = createContext({
      request,
      params: match.params,
      ip: clientAddress(forwardedFor, incoming.socket.remoteAddress, trustedProxyHops()),
      siteUrl,
      waitUntil,
    });

    let response: Response;
    try {
      if (env().DEBUG_DB_STATEMENTS !== '1') response = await match.route.handler(request, context);
      else {
        const counted = await countStatements(async () => match.route.handler(request, context));
        response = counted.value;
        response.headers.set('X-Db-Statements', String(counted.statements));
      }
    } catch (err) {
      if (isProductionConfigError(err)) {
        log(`[${match.route.name}] ${err.message}`);
        response = jsonError(err.status, err.key, lang);
      } else {
        log(`[${match.route.name}] ${(err as Error).stack ?? err}`);
        response = jsonError(500, 'api.error.server', lang);
      }
    }
    for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
    return response;
  }

  return getRequestListener((request, { incoming }) => answer(request, incoming as IncomingMessage), {
    // request.url is the address the client used (its Host, as on Netlify), so same-origin checks compare like with
    // like; without a Host header (HTTP/1.0), the address the site is published at.
    hostname: new URL(siteUrl).host,
    // Functions get the platform's Request and Response, as on Netlify.
    overrideGlobalObjects: false,
    // The body limit above decides what happens to an unread upload; the adapter would cut its drain short.
    autoCleanupIncoming: false,
    errorHandler: (err) => {
      // A Host header that is no host (a space, a bracket…) is a bad request, not a crash.
      if (err instanceof RequestError) return jsonError(400, 'api.error.bad_request', 'uk');
      log(`[server] ${(err as Error).stack ?? err}`);
      return jsonError(500, 'api.error.server', 'uk');
    },
  });
}
