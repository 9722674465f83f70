/**
 * The local runtime in front of Netlify function modules: routing by config.path and method, the context
 * (params, cookies, ip, waitUntil), body limits and error containment. Uses fixture functions over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { MAX_BODY_BYTES } from '../../src/runtime/body-limit.ts';
import { startServer, type RunningServer } from '../../src/runtime/server.ts';

let server: RunningServer;
const logs: string[] = [];

beforeAll(async () => {
  server = await startServer({
    port: 0,
    distDir: 'dist',
    functionsDir: 'tests/fixtures/functions',
    siteUrl: 'http://localhost:8888',
    log: (line) => logs.push(line),
  });
});
afterAll(() => server.close());

describe('local function runtime', () => {
  it('routes by config.path with parameters and passes method and body through', async () => {
    const res = await fetch(`${server.url}/api/echo/abc`, {
      method: 'POST',
      body: '{"x":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      method: 'POST',
      params: { id: 'abc' },
      body: '{"x":1}',
      ip: expect.stringMatching(/127\.0\.0\.1/),
    });
  });

  it('serves every path a module declares, and a literal path beats a parameter', async () => {
    expect(await (await fetch(`${server.url}/api/echo`)).json()).toMatchObject({ params: {} });
    expect(await (await fetch(`${server.url}/api/echo/literal`, { method: 'POST' })).json()).toEqual({ literal: true });
    expect(await (await fetch(`${server.url}/api/echo/literal`)).json()).toMatchObject({ params: { id: 'literal' } });
  });

  it('answers a wrong method with 405 and the allowed methods', async () => {
    const res = await fetch(`${server.url}/api/echo/x`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(await res.json()).toMatchObject({ error: 'api.error.method_not_allowed' });
  });

  it('answers an unknown /api path with a JSON 404 in the request language', async () => {
    const uk = await fetch(`${server.url}/api/missing`);
    expect(uk.status).toBe(404);
    expect(uk.headers.get('content-type')).toContain('application/json');
    expect(await uk.json()).toEqual({ error: 'api.error.not_found', message: 'Такої адреси API немає.' });
    const en = await fetch(`${server.url}/api/missing`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(await en.json()).toEqual({ error: 'api.error.not_found', message: 'There is no such API address.' });
  });

  it('reads request cookies and applies cookies the function sets or deletes', async () => {
    const res = await fetch(`${server.url}/api/echo/set-cookie`, { headers: { cookie: 'session=abc; old=1' } });
    expect((await res.json()).cookie).toBe('abc');
    const cookies = res.headers.getSetCookie();
    expect(cookies).toContain('session=tok%20en; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
    expect(cookies.find((c) => c.startsWith('old=;'))).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('refuses a body over the limit with 413 before the function runs', async () => {
    const res = await fetch(`${server.url}/api/echo/big`, { method: 'POST', body: 'x'.repeat(MAX_BODY_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: 'api.error.payload_too_large' });
  });

  it('answers a 20 MB upload with a prompt 413 that the client still reads, declared or chunked', async () => {
    // A client that keeps writing while we answer, as browsers and curl do: the 413 must reach it, not a reset.
    const upload = (chunked: boolean) =>
      new Promise<{ status?: number; body: string; ms: number }>((resolve) => {
        const started = performance.now();
        const size = 20 * 1024 * 1024;
        const req = request(
          `${server.url}/api/echo/big`,
          { method: 'POST', headers: chunked ? {} : { 'content-length': String(size) } },
          (res) => {
            let body = '';
            res
              .on('data', (chunk) => (body += chunk))
              .on('end', () => resolve({ status: res.statusCode, body, ms: performance.now() - started }));
          },
        );
        req.on('error', (err) => resolve({ body: err.message, ms: performance.now() - started }));
        const chunk = Buffer.alloc(1024 * 1024, 120);
        let sent = 0;
        const write = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', write);
          }
          req.end();
        };
        write();
      });
    for (const chunked of [false, true]) {
      const answer = await upload(chunked);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'api.error.payload_too_large' });
      expect(answer.ms).toBeLessThan(2000);
    }
    // The connection is still good for the next request.
    expect((await fetch(`${server.url}/api/echo/x`)).status).toBe(200);
  });

  it('turns a thrown error into a JSON 500 without leaking its details', async () => {
    const res = await fetch(`${server.url}/api/echo/boom`);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ error: 'api.error.server' });
    expect(text).not.toContain('secret internal detail');
    expect(logs.some((line) => line.includes('secret internal detail'))).toBe(true);
  });

  it('runs waitUntil work after the response has been sent', async () => {
    const res = await fetch(`${server.url}/api/echo/later`, { headers: { 'x-marker': 'm1' } });
    expect((await res.json()).lastLater).not.toBe('m1');
    await new Promise((r) => setTimeout(r, 500));
    expect((await (await fetch(`${server.url}/api/echo`)).json()).lastLater).toBe('m1');
  });

  it('logs one line per request with method, path, status and duration', async () => {
    await fetch(`${server.url}/api/echo/logged`);
    expect(logs.some((line) => /^GET \/api\/echo\/logged 200 \d+\.\dms$/.test(line))).toBe(true);
  });

  it('lets a request in flight finish when the server closes', async () => {
    const other = await startServer({
      port: 0,
      distDir: 'dist',
      functionsDir: 'tests/fixtures/functions',
      siteUrl: 'http://localhost:8888',
      log: () => {},
    });
    const inFlight = fetch(`${other.url}/api/echo/slow`);
    await new Promise((r) => setTimeout(r, 100));
    const closed = other.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).params).toEqual({ id: 'slow' });
    await closed;
    await expect(fetch(`${other.url}/api/echo`)).rejects.toThrow();
  });
});
