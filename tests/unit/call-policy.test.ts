/**
 * The browser's call layer (src/lib/client/call.ts) against a real HTTP server of this test: one error policy —
 * network failures and 5xx tried again with backoff up to a cap; a 429 answered with when to try again and never
 * retried (each try would count against the limit, for everyone behind the address); other 4xx never retried.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backoffMs, call, callRetrying } from '../../src/lib/client/call.ts';
import { readPending, scorePending } from '../../src/stores/results.ts';
import { failureText, retryWhen } from '../../src/lib/client/failure-text.ts';
import { makeT } from '../../src/lib/client/texts.ts';
import uk from '../../src/i18n/uk.json' with { type: 'json' };
import en from '../../src/i18n/en.json' with { type: 'json' };
import type { Contract } from '../../src/api/contract.ts';

/** What the server answers next at each path, and how often it was asked. */
let script: Record<string, ((res: ServerResponse, req: IncomingMessage) => void)[]> = {};
const hits: Record<string, number> = {};
const bodies: string[] = [];
const server = createServer((req, res) => {
  const path = new URL(req.url!, 'http://x').pathname;
  hits[path] = (hits[path] ?? 0) + 1;
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    bodies.push(`${req.method} ${req.url} ${req.headers['content-type'] ?? ''} ${body}`);
    const next = script[path]?.shift();
    if (next) return next(res, req);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"api.error.not_found","message":"nf"}');
  });
});
const json =
  (status: number, data: unknown, headers: Record<string, string> = {}) =>
  (res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(data));

let base = '';
const realFetch = globalThis.fetch;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The browser resolves the call layer's site-relative addresses against the page; here, against this server.
  globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
  // The retry wait listens for the browser's "online" event.
  (globalThis as { window?: EventTarget }).window ??= new EventTarget();
});
afterAll(() => {
  globalThis.fetch = realFetch;
  server.close();
});
beforeEach(() => {
  script = {};
  for (const key of Object.keys(hits)) delete hits[key];
  bodies.length = 0;
});

type Get = { path: '/api/thing/:id'; method: 'GET'; auth: 'none' } & { readonly __answer?: { n: number } };
type Post = { path: '/api/thing'; method: 'POST'; auth: 'none' } & { readonly __answer?: { ok: true } };
const T = { uk: makeT(uk, 'uk'), en: makeT(en, 'en') };

describe('the call layer', () => {
  it('fills path parameters and the query, sends JSON bodies, and reads the answer', async () => {
    script['/api/thing/a%2Fb'] = [json(200, { n: 7 })];
    const got = await call<Get & Contract>('GET /api/thing/:id', {
      params: { id: 'a/b' } as never,
      query: { lang: 'en', skip: undefined } as never,
    });
    expect(got).toEqual({ ok: true, data: { n: 7 } });
    script['/api/thing'] = [json(200, { ok: true })];
    await call<Post & Contract>('POST /api/thing', { body: { x: 1 } as never });
    expect(bodies).toEqual(['GET /api/thing/a%2Fb?lang=en  ', 'POST /api/thing application/json {"x":1}']);
  });

  it('a 4xx is a refusal with its message, asked once', async () => {
    script['/api/thing'] = [json(409, { error: 'results.error.claimed', message: 'Already saved.' })];
    const got = await callRetrying<Post & Contract>('POST /api/thing', {}, { attempts: 5 });
    expect(got).toMatchObject({ ok: false, kind: 'refused', status: 409, message: 'Already saved.' });
    expect(hits['/api/thing']).toBe(1);
  });

  it('a 429 says when to try again and is never retried by itself', async () => {
    const limited = json(429, { error: 'score.error.rate_limited', message: 'Too many.' }, { 'Retry-After': '600' });
    script['/api/thing'] = [limited, limited, limited];
    const before = Date.now();
    const got = await callRetrying<Post & Contract>('POST /api/thing', {}, { attempts: 5 });
    expect(hits['/api/thing']).toBe(1);
    expect(got.ok).toBe(false);
    if (got.ok || got.kind !== 'limited') throw new Error(`not limited: ${JSON.stringify(got)}`);
    expect(got.retryAt - before).toBeGreaterThanOrEqual(600_000);
    expect(got.retryAt - Date.now()).toBeLessThanOrEqual(600_000);
    expect(failureText(got, T.en, 'en')).toBe('Too many. Try again in 10 minutes.');
    expect(failureText(got, T.uk, 'uk')).toBe('Too many. Спробуйте ще раз через 10 хвилин.');
  });

  it('5xx and network failures are tried again with backoff, up to the cap, then said so', async () => {
    script['/api/thing'] = [json(503, { error: 'score.error.save_failed', message: 'Not saved.' }), json(502, {})];
    script['/api/thing'].push(json(200, { ok: true }));
    const waits: number[] = [];
    const got = await callRetrying<Post & Contract>(
      'POST /api/thing',
      {},
      { onRetry: (n, failure, delay) => waits.push(n, failure.status, delay) },
    );
    expect(got).toEqual({ ok: true, data: { ok: true } });
    // The page says which try comes next: the second after 1 s, the third after 2 s.
    expect(waits).toEqual([2, 503, 1000, 3, 502, 2000]);

    script['/api/thing'] = [json(500, {}), json(500, {})];
    const capped = await callRetrying<Post & Contract>('POST /api/thing', {}, { attempts: 2 });
    expect(hits['/api/thing']).toBe(5);
    expect(capped).toMatchObject({ ok: false, kind: 'unavailable', status: 500 });
    expect(failureText(capped as never, T.en, 'en')).toBe(T.en('call.unavailable'));
  });

  it('a refusal without a message of its own (a platform page) shows the fallback, never a bare key', async () => {
    script['/api/thing'] = [(res) => res.writeHead(413, { 'content-type': 'text/html' }).end('<h1>too large</h1>')];
    const got = await call<Post & Contract>('POST /api/thing');
    expect(got).toMatchObject({ ok: false, kind: 'refused', status: 413, error: 'api.error.server' });
    expect(failureText(got as never, T.en, 'en', 'auth.error.network')).toBe(T.en('auth.error.network'));
  });

  it('a server out of reach is unavailable (status 0)', async () => {
    globalThis.fetch = (input, init) => realFetch(new URL(String(input), 'http://127.0.0.1:9'), init);
    try {
      expect(await call<Post & Contract>('POST /api/thing')).toMatchObject({
        ok: false,
        kind: 'unavailable',
        status: 0,
      });
    } finally {
      globalThis.fetch = (input, init) => realFetch(new URL(String(input), base), init);
    }
  });

  it('waits 1, 2, 4, 8 then 15 s at most', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
  });

  it('says when in the nearest sensible unit, in each language', () => {
    const now = 1_000_000;
    expect(retryWhen('en', now + 30_000, now)).toBe('in 30 seconds');
    expect(retryWhen('en', now + 45 * 60_000, now)).toBe('in 45 minutes');
    expect(retryWhen('en', now + 20 * 3_600_000, now)).toBe('in 20 hours');
    expect(retryWhen('uk', now + 2 * 60_000, now)).toBe('через 2 хвилини');
    expect(retryWhen('uk', now + 5 * 3_600_000, now)).toBe('через 5 годин');
  });
});

describe('scoring a finished sheet (stores/results.ts)', () => {
  const store = new Map<string, string>();
  beforeAll(() => {
    (globalThis as { sessionStorage?: unknown }).sessionStorage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
  });
  const pending = () =>
    store.set(
      'rozum.pending.iq',
      JSON.stringify({
        kind: 'iq',
        submissionId: crypto.randomUUID(),
        formToken: 's1.x',
        answers: [],
        timeSpent: 1,
        lang: 'en',
      }),
    );

  it('sends the sheet once however many callers ask at the same time', async () => {
    pending();
    script['/api/tests/iq/score'] = [json(200, { result: { kind: 'iq', iqEstimate: 100 }, token: 't' })];
    const asked = [scorePending('iq'), scorePending('iq'), scorePending('iq')];
    const answers = await Promise.all(asked);
    expect(hits['/api/tests/iq/score']).toBe(1);
    expect(answers.every((a) => a?.ok)).toBe(true);
    expect(readPending('iq')).toBeNull();
  });

  it('keeps a limited sheet and does not send it again until the time the server gave', async () => {
    pending();
    const limited = json(429, { error: 'score.error.rate_limited', message: 'Too many.' }, { 'Retry-After': '300' });
    script['/api/tests/iq/score'] = [limited];
    const first = await scorePending('iq');
    expect(first).toMatchObject({ ok: false, kind: 'limited', message: 'Too many.' });
    // The next page (or a click) asks again: answered from the sheet, not the server.
    const again = await scorePending('iq');
    expect(again).toMatchObject({ ok: false, kind: 'limited', message: 'Too many.' });
    expect(hits['/api/tests/iq/score']).toBe(1);
    expect(readPending('iq')?.answers).toEqual([]);
    // Once the time has come, it is sent again.
    const kept = readPending('iq')!;
    store.set('rozum.pending.iq', JSON.stringify({ ...kept, limited: { ...kept.limited, retryAt: Date.now() - 1 } }));
    script['/api/tests/iq/score'] = [json(200, { result: { kind: 'iq', iqEstimate: 100 }, token: 't' })];
    expect((await scorePending('iq'))?.ok).toBe(true);
    expect(hits['/api/tests/iq/score']).toBe(2);
  });
});
