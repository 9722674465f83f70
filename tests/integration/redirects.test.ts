/**
 * Every redirect the API sends points at the configured site (SITE_URL), whatever Host, X-Forwarded-Host or
 * X-Forwarded-Proto the request carried: a spoofed header must not send a user, a Google code or a payment result
 * to another server (issue 27 §5).
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, inject, it, vi } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client, uniqueEmail } from '../support/client.ts';
import { resetEnvForTests } from '../../src/lib/server/env.ts';
import type { Context } from '@netlify/functions';

const base = inject('baseUrl');
const fake = inject('fakeUrl');

/** What a client may put in a request to move the address it is answered with. */
const HOSTILE: Record<string, string>[] = [
  { host: 'evil.example' },
  { host: 'evil.example:8443' },
  { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
];

/** A request with the client's cookies and headers fetch would not send (Host); its status and Location. */
function send(client: Client, method: string, path: string, headers: Record<string, string>, body?: string) {
  const target = new URL(base);
  const all: Record<string, string> = {
    'x-forwarded-for': client.ip,
    cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    ...(body === undefined
      ? {}
      : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) }),
    ...headers,
  };
  return new Promise<{ status: number; location: string }>((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: Number(target.port), method, path, headers: all }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: String(res.headers.location ?? '') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Google's authorisation step as the fake registers it: the code and state for the callback. */
async function googleCode(client: Client, email: string) {
  const res = await client.get('/api/auth/google?lang=en');
  const params = new URL(res.headers.get('location')!).searchParams;
  const code = `code-${Math.random().toString(36).slice(2)}`;
  await fetch(`${fake}/__control/google/codes`, {
    method: 'POST',
    body: JSON.stringify({
      code,
      challenge: params.get('code_challenge'),
      redirectUri: params.get('redirect_uri'),
      claims: { sub: `g-${email}`, email, email_verified: true },
    }),
  });
  return { code, state: params.get('state')! };
}

const onSite = (location: string) => expect(location.startsWith(`${base}/`), location).toBe(true);

describe('redirects under a hostile Host or X-Forwarded-Host', () => {
  it('/api/auth/google sends Google a callback address on the configured site', async () => {
    for (const headers of HOSTILE) {
      const { status, location } = await send(new Client(base), 'GET', '/api/auth/google?lang=uk', headers);
      expect(status).toBe(302);
      expect(location.startsWith(`${fake}/google/auth?`)).toBe(true);
      expect(new URL(location).searchParams.get('redirect_uri')).toBe(`${base}/api/auth/google/callback`);
    }
  });

  it("/api/auth/google/callback answers a refused sign-in on the configured site's login page", async () => {
    for (const headers of HOSTILE) {
      const { status, location } = await send(new Client(base), 'GET', '/api/auth/google/callback?code=x', headers);
      expect(status).toBe(302);
      expect(location).toBe(`${base}/login?error=failed`);
    }
  });

  it('/api/auth/google/callback continues a signed-in user on the configured site', async () => {
    for (const headers of HOSTILE) {
      const client = new Client(base);
      const { code, state } = await googleCode(client, uniqueEmail('redirect'));
      const { status, location } = await send(
        client,
        'GET',
        `/api/auth/google/callback?code=${code}&state=${state}`,
        headers,
      );
      expect(status).toBe(302);
      expect(location).toBe(`${base}/eng/auth/callback`);
    }
  });

  it('/api/payments/test/:orderReference returns the payer to the payment result on the configured site', async () => {
    const client = await signedUp(base);
    for (const headers of HOSTILE) {
      const created = await client.post('/api/payments/checkout', {
        fullName: 'Петро Іваненко',
        phone: '+380501234567',
        lang: 'uk',
      });
      expect(created.status).toBe(201);
      const { orderReference } = await created.json();
      const path = `/api/payments/test/${orderReference}?lang=uk`;
      const { status, location } = await send(client, 'POST', path, headers, 'decision=decline');
      expect(status).toBe(302);
      onSite(location);
      expect(new URL(location).pathname).toBe('/payment-result');
    }
  });

  it('/api/auth/google without a Google client sends the visitor to the login page of the configured site', async () => {
    vi.stubEnv('SITE_URL', 'https://rozum.example');
    vi.stubEnv('GOOGLE_CLIENT_ID', '');
    resetEnvForTests();
    try {
      const { default: start } = await import('../../netlify/functions/auth-google.mts');
      for (const headers of HOSTILE) {
        const res = await start(new Request('http://evil.example/api/auth/google?lang=en', { headers }), {} as Context);
        expect(res.headers.get('location')).toBe('https://rozum.example/eng/login?error=google_not_configured');
      }
    } finally {
      vi.unstubAllEnvs();
      resetEnvForTests();
    }
  });
});
