/**
 * Hostile input that must neither answer 500 nor slip through: malformed cookies, a Host header
 * that is no host, an opaque Origin, a result token with a segment appended, an undocumented payment status.
 */
import { createServer, request as rawRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { deliverCallback, serviceCallback, WAYFORPAY } from '../support/wayforpay.ts';
import { careerSheetFor, takeCareerSitting } from '../support/sittings.ts';

const base = inject('baseUrl');
/** A career sheet of a sitting served to the client's browser (its cookies go with the score request). */
const careerSheet = async (client: Client) =>
  careerSheetFor(client.post, await takeCareerSitting(client.get, 'en'), (type) => type === 4);
/** A score request of the right shape, for refusals that come before its sitting is read. */
const careerShape = {
  formToken: 's1.e30.unread',
  answers: [{ questionId: 1, selectedAnswer: true, timeSpent: 2000 }],
  timeSpent: 2000,
  lang: 'en',
};

describe('hostile requests', () => {
  it('read a malformed percent-encoding in any cookie as plain text, for visitors and signed-in users', async () => {
    const client = await signedUp(base);
    client.cookies.set('junk', '100%');
    client.cookies.set('other', '%E0%A4%A');
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/tests/professional/score', await careerSheet(client))).status).toBe(200);
    const visitor = new Client(base);
    visitor.cookies.set('junk', '100%');
    expect((await visitor.post('/api/tests/professional/score', await careerSheet(visitor))).status).toBe(200);
    expect((await visitor.get('/api/me')).status).toBe(401);
  });

  it.each(['bad host', 'a[b', 'x]y'])('answer a Host header "%s" with 400 and a message key', async (host) => {
    const { port } = new URL(base);
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = rawRequest(
        { host: '127.0.0.1', port: Number(port), path: '/api/health', headers: { Host: host } },
        (res) => {
          let data = '';
          res.on('data', (c) => (data += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(400);
    expect(JSON.parse(body).error).toBe('api.error.bad_request');
  });

  it("send the test provider's signed approval to the configured site, whatever Host the request names", async () => {
    const trapped: string[] = [];
    const trap = createServer((req, res) => {
      trapped.push(`${req.method} ${req.url}`);
      res.end('{}');
    });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    try {
      const client = await signedUp(base);
      const { orderReference } = await (
        await client.post('/api/payments/checkout', { fullName: 'A B', phone: '+380501234567', lang: 'en' })
      ).json();
      const { port } = new URL(base);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const status = await new Promise<number>((resolve, reject) => {
        const req = rawRequest(
          {
            host: '127.0.0.1',
            port: Number(port),
            method: 'POST',
            path: `/api/payments/test/${orderReference}?lang=en`,
            headers: {
              Host: `127.0.0.1:${(trap.address() as AddressInfo).port}`,
              cookie,
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': client.ip,
            },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.on('error', reject);
        req.end('decision=approve');
      });
      expect(status).toBe(302);
      expect(trapped).toEqual([]);
      expect((await (await client.get(`/api/payments/${orderReference}`)).json()).status).toBe('Approved');
    } finally {
      trap.close();
    }
  });

  it('refuse a state-changing request from an opaque origin (Origin: null)', async () => {
    const visitor = new Client(base);
    const sheet = await careerSheet(visitor);
    const res = await visitor.post('/api/tests/professional/score', sheet, { origin: 'null' });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('api.error.cross_site');
    // The same request from the site itself is scored: the origin alone was refused.
    expect((await visitor.post('/api/tests/professional/score', sheet)).status).toBe(200);
  });

  it('accept a result token only as v1.<payload>.<mac>, so appending a segment makes no new claim', async () => {
    const visitor = new Client(base);
    const { token } = await (await visitor.post('/api/tests/professional/score', await careerSheet(visitor))).json();
    expect(token).toMatch(/^v1\./);
    for (const bad of [`${token}.x`, `${token}.`, `x.${token}`]) {
      const res = await new Client(base).post('/api/results/from-token', { token: bad });
      expect(res.status, bad).toBe(400);
    }
    const client = await signedUp(base);
    await client.post('/api/results/claim', { tokens: [token] });
    await client.post('/api/results/claim', { tokens: [`${token}.again`, `${token}.more`] });
    expect((await (await client.get('/api/results?type=professional')).json()).items).toHaveLength(1);
  });

  it('never store a validly signed but undocumented payment status', async () => {
    const client = await signedUp(base);
    const { orderReference } = await (
      await client.post('/api/payments/checkout', { fullName: 'Test Person', phone: '+380501234567', lang: 'en' })
    ).json();
    const res = await deliverCallback(base, serviceCallback(orderReference, 'approved'));
    expect(res.status).toBe(200);
    expect((await (await client.get(`/api/payments/${orderReference}`)).json()).status).toBe('Created');
    expect((await (await client.get('/api/me')).json()).subscription.active).toBe(false);
  });

  it.each([
    ['/api/auth/signup', { email: 'nul\u0000@example.com', password: 'secret1' }],
    ['/api/auth/signup', { email: 'ok.nul@example.com', password: 'secret1', fullName: 'A\u0000B' }],
    ['/api/auth/signin', { email: 'x@example.com', password: 'se\u0000cret' }],
    ['/api/tests/professional/score', { ...careerShape, lang: 'e\u0000n' }],
  ])('refuse a NUL character in %s with 400 and write nothing', async (path, body) => {
    const res = await new Client(base).post(path, body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('api.error.invalid_body');
  });

  it('refuse NUL in signed-in bodies and path parameters with 4xx', async () => {
    const client = await signedUp(base);
    for (const [path, body] of [
      ['/api/promo', { promoCode: 'WEL\u0000COME30' }],
      ['/api/payments/checkout', { fullName: 'A\u0000', phone: '+380501234567' }],
    ] as const) {
      const res = await client.post(path, body);
      expect(res.status, path).toBe(400);
    }
    for (const path of [
      '/api/payments/%00',
      '/api/payments/GP%00x',
      '/api/payments/test/%00',
      '/api/payments/not-a-reference',
    ]) {
      const res = await client.get(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
    const res = await deliverCallback(base, {
      merchantAccount: WAYFORPAY.account,
      orderReference: 'GP\u0000',
      amount: 1,
      currency: 'USD',
      transactionStatus: 'Approved',
      merchantSignature: 'a'.repeat(32),
    });
    expect(res.status).toBe(400);
  });

  it('make look-alike forms of one address one account, and refuse addresses mail providers do not accept', async () => {
    const local = `lookalike${Date.now()}`;
    expect(
      (await new Client(base).post('/api/auth/signup', { email: `${local}@example.com`, password: 'secret1' })).status,
    ).toBe(201);
    for (const variant of [
      `${local}\u200b@example.com`,
      `${local}@EXAMPLE.com`,
      `${local}@example.com\u202e`,
      `${local.toUpperCase()}@example.com`,
    ]) {
      const res = await new Client(base).post('/api/auth/signup', { email: variant, password: 'secret1' });
      expect(res.status, JSON.stringify(variant)).toBe(409);
    }
    for (const bad of ['"<script>"@x.yz', 'a@b..c', `${local}@exаmple.com`]) {
      const res = await new Client(base).post('/api/auth/signup', { email: bad, password: 'secret1' });
      expect(res.status, bad).toBe(400);
      expect((await res.json()).error).toBe('auth.error.email.invalid');
    }
    const signedIn = await new Client(base).post('/api/auth/signin', {
      email: `\ufeff${local}@Example.com `,
      password: 'secret1',
    });
    expect(signedIn.status).toBe(200);
  });
});
