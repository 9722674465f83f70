/**
 * The process behind `npm start` (DESIGN.md §2): serves dist/ and routes /api/* to the Netlify function modules
 * in process, with a Netlify-like context. One log line per request; a clean shutdown waits for requests in
 * flight and for `waitUntil` work, then closes the database.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiListener } from './api.ts';
import { loadFunctionRoutes } from './functions.ts';
import { matchPattern } from './routes.ts';
import { createStaticServer, negotiate } from './static.ts';
import { PAGE_SECURITY_HEADERS } from '../lib/server/security-headers.ts';

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
  const lines = options.log ? null : lineWriter(process.stdout);
  const log = options.log ?? lines!.log;
  const files = createStaticServer(options.distDir);
  const background = new Set<Promise<unknown>>();
  const waitUntil = (promise: Promise<unknown>) => {
    const tracked = promise
      .catch((err) => log(`[waitUntil] ${(err as Error).stack ?? err}`))
      .finally(() => background.delete(tracked));
    background.add(tracked);
  };
  const routes = await loadFunctionRoutes(options.functionsDir);
  // Functions at a page's address (a shared result's /r/:code), which Netlify runs before any static file there.
  const pageRoutes = routes.filter((route) => !route.pattern.startsWith('/api/'));
  const api = createApiListener({
    routes,
    siteUrl: options.siteUrl,
    waitUntil,
    log,
  });

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
    if (pathname === '/api' || pathname.startsWith('/api/')) return void api(req, res);
    if (pageRoutes.some((route) => matchPattern(route.pattern, pathname))) return void api(req, res);
    if (options.apiOnly) return sendText(res, 404, 'Not found');
    handleStatic(req, res, files, pathname).catch((err) => {
      log(`[server] ${(err as Error).stack ?? err}`);
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Server error');
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
      lines?.flush();
    },
  };
}

/**
 * Log lines leave in one write per turn of the event loop, not one each: on Linux a write to a pipe blocks, and a
 * write per request took about a tenth of the server's CPU under load when its output went to a pipe.
 */
export function lineWriter(out: { write(text: string): unknown }) {
  let pending = '';
  const flush = () => {
    if (pending) out.write(pending);
    pending = '';
  };
  return {
    log(line: string) {
      if (!pending) setImmediate(flush);
      pending += line + '\n';
    },
    flush,
  };
}

/**
 * The paths whose last part is a secret — whoever holds it sees a result or a certificate: a shared result's page and
 * card, a certificate's verification. Logged with the code cut to its first four characters (issue 44), enough to
 * tell two requests apart, far too little to open either.
 */
const SECRET_PATHS = [
  /^((?:\/eng)?\/r\/)([^/]+)/,
  /^(\/api\/shares\/)([^/]+)/,
  /^(\/api\/certificates\/verify\/)([^/]+)/,
];
export const maskSecrets = (path: string): string =>
  SECRET_PATHS.reduce(
    (p, pattern) => p.replace(pattern, (_, head: string, code: string) => `${head}${code.slice(0, 4)}…`),
    path,
  );

/**
 * One log line per request: method, path (no query string: it may carry a token; a code in the path masked,
 * maskSecrets), status, time. The path is cut to LOG_PATH_CHARS and control characters are escaped, so a hostile URL
 * can neither flood nor forge log lines. Cookies, headers and bodies are never logged.
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
  const path = maskSecrets((url ?? '/').split('?')[0]);
  return `${clean(method ?? '-', 16)} ${clean(path, LOG_PATH_CHARS)} ${status} ${ms.toFixed(1)}ms`;
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
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
