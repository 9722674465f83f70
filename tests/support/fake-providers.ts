/**
 * A local HTTP server of ours standing in for the providers we cannot reach (DESIGN.md "Real parts"). It checks
 * that our requests follow each provider's documented format and answers as the provider would. Tests steer it
 * and read what it received through /__control.
 *
 * Google: OAuth 2.0 token endpoint (RFC 6749 §4.1.3 with PKCE, RFC 7636): form-encoded POST, client
 * authentication by HTTP Basic, grant_type=authorization_code, code, redirect_uri, code_verifier whose
 * base64url(SHA-256) equals the code_challenge of the authorization request. Answers JSON with an id_token.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOGLE_CLIENT_ID = 'rozum-test.apps.googleusercontent.com';
export const GOOGLE_CLIENT_SECRET = 'rozum-test-secret';

interface Recorded {
  path: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  problems: string[];
}

interface GoogleCode {
  challenge: string;
  redirectUri: string;
  claims: Record<string, unknown>;
}

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const unsignedJwt = (claims: Record<string, unknown>) => `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'test' }))}.${b64url(JSON.stringify(claims))}.${b64url('not-checked')}`;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeProviders(): Promise<{ url: string; close(): Promise<void> }> {
  const recorded: Recorded[] = [];
  const googleCodes = new Map<string, GoogleCode>();

  const send = (res: ServerResponse, status: number, data: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(data));
  };

  function googleToken(req: IncomingMessage, body: string, problems: string[]): [number, unknown] {
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) problems.push('content-type is not form-encoded');
    const form = new URLSearchParams(body);
    const basic = Buffer.from(`${encodeURIComponent(GOOGLE_CLIENT_ID)}:${encodeURIComponent(GOOGLE_CLIENT_SECRET)}`).toString('base64');
    if (req.headers.authorization !== `Basic ${basic}`) problems.push('client authentication is not HTTP Basic with the client credentials');
    if (form.get('grant_type') !== 'authorization_code') problems.push('grant_type is not authorization_code');
    const code = googleCodes.get(form.get('code') ?? '');
    if (!code) return [400, { error: 'invalid_grant', error_description: 'Bad Request' }];
    if (form.get('redirect_uri') !== code.redirectUri) problems.push(`redirect_uri ${form.get('redirect_uri')} differs from ${code.redirectUri}`);
    const verifier = form.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) problems.push('code_verifier is not 43–128 unreserved characters');
    if (b64url(createHash('sha256').update(verifier).digest()) !== code.challenge) problems.push('code_verifier does not match the code_challenge (S256)');
    if (problems.length) return [400, { error: 'invalid_request', error_description: problems.join('; ') }];
    googleCodes.delete(form.get('code')!);
    const now = Math.floor(Date.now() / 1000);
    return [200, {
      access_token: 'ya29.test-access-token',
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
      id_token: unsignedJwt({ iss: 'https://accounts.google.com', aud: GOOGLE_CLIENT_ID, iat: now, exp: now + 3600, ...code.claims }),
    }];
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await bodyOf(req);
    if (url.pathname === '/__control/requests') return send(res, 200, recorded);
    if (url.pathname === '/__control/google/codes' && req.method === 'POST') {
      const { code, ...rest } = JSON.parse(body) as { code: string } & GoogleCode;
      googleCodes.set(code, rest);
      return send(res, 200, { ok: true });
    }
    const entry: Recorded = { path: url.pathname, method: req.method ?? 'GET', headers: req.headers as Record<string, string>, body, problems: [] };
    recorded.push(entry);
    if (url.pathname === '/google/token' && req.method === 'POST') {
      const [status, data] = googleToken(req, body, entry.problems);
      return send(res, status, data);
    }
    return send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The environment that points our server at the fakes. */
export const fakeProviderEnv = (url: string): Record<string, string> => ({
  GOOGLE_CLIENT_ID,
  GOOGLE_CLIENT_SECRET,
  GOOGLE_AUTH_ENDPOINT: `${url}/google/auth`,
  GOOGLE_TOKEN_ENDPOINT: `${url}/google/token`,
});
