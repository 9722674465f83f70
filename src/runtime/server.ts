/**
 * The process behind `npm start` (DESIGN.md §2): serves dist/ and routes /api/* to the Netlify function modules
 * in process, with a Netlify-like context. One log line per request; a clean shutdown waits for requests in
 * flight and for `waitUntil` work, then closes the database.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createContext } from './context.ts';
import { loadFunctionRoutes, type Handler } from './functions.ts';
import { findRoute, type Route } from './routes.ts';
import { createStaticServer, negotiate } from './static.ts';
import { jsonError, requestLang } from '../lib/server/http.ts';
import { ProductionConfigError } from '../lib/server/production.ts';
import { clientAddress, trustedProxyHops } from './client-address.ts';
import { PAGE_SECURITY_HEADERS } from '../lib/server/security-headers.ts';

export const MAX_BODY_BYTES = 1024 * 1024;
/** After a 413, the rest of an oversized upload is read and dropped up to this much, so the client (still sending)
 *  reads our answer instead of a reset connection; beyond it the connection is closed. */
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;
/** Logged paths are cut here: a request line is not allowed to write megabytes into the log. */
const LOG_PATH_CHARS = 200;

/*
 * Every response starts with PAGE_SECURITY_HEADERS, as netlify.toml sends them for static files: nosniff, referrer,
 * framing, permissions, COOP and the page CSP header (frame-ancestors and the other directives a <meta> cannot
 * carry; each page's <meta> adds the hashed script-src/style-src). A function's own headers replace these
 * (withSecurityHeaders: API CSP, CORP). No Strict-Transport-Security: this server speaks plain http, where browsers
 * ignore it; on https it comes from netlify.toml for files and from withSecurityHeaders for functions.
 */

export interface ServerOptions {
  port: number;
  host?: string;
  distDir: string;
  functionsDir: string;
  siteUrl: string;
  /** `npm run dev`: Vite serves pages, we serve only /api. */
  apiOnly?: boolean;
  log?: (line: string) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const routes = await loadFunctionRoutes(options.functionsDir);
  const files = createStaticServer(options.distDir);
  const background = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>) => {
    const tracked = promise
      .catch((err) => log(`[waitUntil] ${(err as Error).stack ?? err}`))
      .finally(() => background.delete(tracked));
    background.add(tracked);
  };

  let closing = false;
  const server = createServer((req, res) => {
    const started = performance.now();
    res.on('finish', () => {
      log(requestLogLine(req.method, req.url, res.statusCode, performance.now() - started));
      if (closing) server.closeIdleConnections();
    });
    if (closing) res.setHeader('Connection', 'close');
    for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) res.setHeader(name, value);
    const pathname = (req.url ?? '/').split('?')[0];
    const work =
      pathname === '/api' || pathname.startsWith('/api/')
        ? handleApi(req, res, routes, options, waitUntil, log)
        : options.apiOnly
          ? sendText(res, 404, 'Not found')
          : handleStatic(req, res, files, pathname);
    work.catch((err) => {
      log(`[server] ${(err as Error).stack ?? err}`);
      if (!res.headersSent) sendJson(res, jsonError(500, 'api.error.server', 'uk'));
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`;

  return {
    url,
    port,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = setTimeout(() => server.closeAllConnections(), 10_000);
      await closed;
      clearTimeout(timeout);
      await Promise.allSettled([...background]);
    },
  };
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  routes: Route<Handler>[],
  options: ServerOptions,
  waitUntil: (p: Promise<unknown>) => void,
  log: (line: string) => void,
): Promise<void> {
  // The address the client used (as on Netlify), so same-origin checks compare like with like. A Host header that
  // is no host (a space, a bracket…) is a bad request, not a crash.
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? new URL(options.siteUrl).host}`);
  } catch {
    await sendResponse(res, jsonError(400, 'api.error.bad_request', 'uk'), false);
    return;
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const probe = new Request(url, { headers });
  const lang = requestLang(probe);
  const method = (req.method ?? 'GET').toUpperCase();
  const { match, allowed } = findRoute(routes, method, url.pathname);
  if (!match) {
    req.resume();
    const status = allowed.length ? 405 : 404;
    const response = jsonError(status, status === 405 ? 'api.error.method_not_allowed' : 'api.error.not_found', lang);
    if (allowed.length) response.headers.set('Allow', allowed.join(', '));
    return sendJson(res, response);
  }

  let body: Buffer | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const read = await readBody(req, MAX_BODY_BYTES);
    // Keep-alive, not Connection: close: closing now would reset a client still sending before it reads the 413;
    // drain() reads (and drops) the rest of the upload, up to its limit.
    if (!read.ok) return sendJson(res, jsonError(413, 'api.error.payload_too_large', lang));
    body = read.body;
  }
  const request = new Request(url, { method, headers, body: body?.length ? new Uint8Array(body) : undefined });
  const { context, setCookies } = createContext({
    request,
    params: match.params,
    ip: clientAddress(
      req.headers['x-forwarded-for'] as string | undefined,
      req.socket.remoteAddress,
      trustedProxyHops(),
    ),
    siteUrl: options.siteUrl,
    waitUntil,
  });

  let response: Response;
  try {
    response = await match.route.handler(request, context);
  } catch (err) {
    if (err instanceof ProductionConfigError) {
      log(`[${match.route.name}] ${err.message}`);
      response = jsonError(err.status, err.key, lang);
    } else {
      log(`[${match.route.name}] ${(err as Error).stack ?? err}`);
      response = jsonError(500, 'api.error.server', lang);
    }
  }
  for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie);
  await sendResponse(res, response, method === 'HEAD');
}

/**
 * One log line per request: method, path (no query string: it may carry a token), status, time. The path is cut to
 * LOG_PATH_CHARS and control characters are escaped, so a hostile URL can neither flood nor forge log lines.
 * Cookies, headers and bodies are never logged.
 */
export function requestLogLine(
  method: string | undefined,
  url: string | undefined,
  status: number,
  ms: number,
): string {
  const clean = (text: string, max: number) => {
    const cut = text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
    return cut.replace(
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
      (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
    );
  };
  const path = (url ?? '/').split('?')[0];
  return `${clean(method ?? '-', 16)} ${clean(path, LOG_PATH_CHARS)} ${status} ${ms.toFixed(1)}ms`;
}

async function readBody(req: IncomingMessage, limit: number): Promise<{ ok: true; body: Buffer } | { ok: false }> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) {
    drain(req, 0);
    return { ok: false };
  }
  // Events rather than for-await: leaving a for-await early destroys the request, and with it the socket the 413
  // must still be written to.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData).off('end', onEnd).off('error', reject);
      drain(req, size);
      resolve({ ok: false });
    };
    const onEnd = () => resolve({ ok: true, body: Buffer.concat(chunks) });
    req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/** Reads and drops the rest of a refused upload, up to DRAIN_LIMIT_BYTES; then closes the connection. */
function drain(req: IncomingMessage, already: number): void {
  let seen = already;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DRAIN_LIMIT_BYTES) req.socket.destroy();
  });
  req.resume();
}

async function sendResponse(res: ServerResponse, response: Response, headOnly = false): Promise<void> {
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  if (cookies.length) res.setHeader('Set-Cookie', cookies);
  res.statusCode = response.status;
  const body = headOnly || !response.body ? undefined : Buffer.from(await response.arrayBuffer());
  res.end(body);
}

function sendJson(res: ServerResponse, response: Response, close = false): Promise<void> {
  if (close) res.setHeader('Connection', 'close');
  return sendResponse(res, response);
}

function sendText(res: ServerResponse, status: number, text: string): Promise<void> {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
  return Promise.resolve();
}

async function handleStatic(
  req: IncomingMessage,
  res: ServerResponse,
  files: ReturnType<typeof createStaticServer>,
  pathname: string,
) {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Method not allowed');
  }
  const { status, file } = await files.resolve(pathname);
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Cache-Control': status === 404 ? 'no-store' : file.cacheControl,
    Vary: 'Accept-Encoding',
  };
  if (status === 200) {
    headers.ETag = file.etag;
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
  }
  const { body, encoding } = negotiate(file, req.headers['accept-encoding']);
  if (encoding) headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = String(body.length);
  res.writeHead(status, headers);
  res.end(method === 'HEAD' ? undefined : body);
}
