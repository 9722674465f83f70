/**
 * Security headers: withSecurityHeaders adds what a function response lacks (HSTS only over https) and keeps what
 * it set itself; the page headers in netlify.toml are the ones the local server sends; the page policy is split so
 * that neither half breaks the other (the <meta> carries no frame-ancestors, the header no script/style limits).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { json } from '../../src/lib/server/http.ts';
import {
  API_SECURITY_HEADERS,
  cspHash,
  functionPageCsp,
  HSTS,
  PAGE_CSP_DIRECTIVES,
  PAGE_HEADER_CSP,
  PAGE_SECURITY_HEADERS,
  secured,
  withSecurityHeaders,
} from '../../src/lib/server/security-headers.ts';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
const directives = (policy: string) =>
  policy
    .split(';')
    .map((d) => d.trim().split(/\s+/)[0])
    .filter(Boolean);

describe('withSecurityHeaders', () => {
  it('adds every API header to a JSON response, and HSTS over https', () => {
    const res = withSecurityHeaders(request('https://rozum.example/api/health'), json({ ok: true }));
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
  });

  it('sends no HSTS over plain http', () => {
    const res = withSecurityHeaders(request('http://127.0.0.1:8888/api/health'), json({ ok: true }));
    expect(res.headers.has('Strict-Transport-Security')).toBe(false);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('takes https from the proxy in front (X-Forwarded-Proto), and only https', () => {
    const behindTls = withSecurityHeaders(
      request('http://127.0.0.1:8888/api/health', { 'X-Forwarded-Proto': 'https, http' }),
      json({}),
    );
    expect(behindTls.headers.get('Strict-Transport-Security')).toBe(HSTS);
    const plain = withSecurityHeaders(
      request('http://127.0.0.1:8888/api/health', { 'X-Forwarded-Proto': 'http' }),
      json({}),
    );
    expect(plain.headers.has('Strict-Transport-Security')).toBe(false);
  });

  it('keeps the headers the function set itself, and its status and body', async () => {
    const own = new Response('<p>hi</p>', {
      status: 201,
      headers: {
        'Content-Type': 'text/html',
        'Content-Security-Policy': "default-src 'none'; style-src 'sha256-x'",
        'Cache-Control': 'no-store',
        'X-Frame-Options': 'SAMEORIGIN',
      },
    });
    const res = withSecurityHeaders(request('https://rozum.example/api/payments/test/GP1'), own);
    expect(res.status).toBe(201);
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; style-src 'sha256-x'");
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('Content-Type')).toBe('text/html');
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(res.headers.get('Strict-Transport-Security')).toBe(HSTS);
    expect(await res.text()).toBe('<p>hi</p>');
  });

  it('copies a response whose headers are immutable (Response.redirect), keeping status and Location', () => {
    const redirect = Response.redirect('https://accounts.google.com/o/oauth2/v2/auth?x=1', 302);
    expect(() => redirect.headers.set('X-Test', '1')).toThrow();
    const res = withSecurityHeaders(request('https://rozum.example/api/auth/google'), redirect);
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('https://accounts.google.com/o/oauth2/v2/auth?x=1');
    expect(res.headers.get('Content-Security-Policy')).toBe(API_SECURITY_HEADERS['Content-Security-Policy']);
    expect(res.headers.get('Strict-Transport-Security')).toBe(HSTS);
  });

  it('secured() wraps a handler: every response it returns carries the headers', async () => {
    const handler = secured(async (req: Request, status: number) =>
      status === 204 ? new Response(null, { status }) : Response.redirect(new URL('/eng', req.url), 302),
    );
    const empty = await handler(request('https://rozum.example/api/x'), 204);
    expect(empty.status).toBe(204);
    expect(empty.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(empty.headers.get('Strict-Transport-Security')).toBe(HSTS);
    const moved = await handler(request('http://127.0.0.1/api/x'), 302);
    expect(moved.headers.get('Location')).toBe('http://127.0.0.1/eng');
    expect(moved.headers.get('Content-Security-Policy')).toBe(API_SECURITY_HEADERS['Content-Security-Policy']);
    expect(moved.headers.has('Strict-Transport-Security')).toBe(false);
  });

  it('keeps every Set-Cookie', () => {
    const res = new Response(null, { status: 302, headers: { Location: '/' } });
    res.headers.append('Set-Cookie', 'a=1; Path=/');
    res.headers.append('Set-Cookie', 'b=2; Path=/');
    expect(withSecurityHeaders(request('https://rozum.example/api/auth/logout'), res).headers.getSetCookie()).toEqual([
      'a=1; Path=/',
      'b=2; Path=/',
    ]);
  });
});

describe('inline style hashes for pages a function renders', () => {
  it('hashes exactly what sits between the tags, as browsers do (UTF-8)', () => {
    const css = 'body{margin:0}\n.card::before{content:"₴ і"}';
    expect(cspHash(css)).toBe(`'sha256-${createHash('sha256').update(Buffer.from(css, 'utf8')).digest('base64')}'`);
  });

  it("allows the page its own styles and the site's icon, and no script at all", () => {
    const policy = functionPageCsp(['body{margin:0}']);
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("img-src 'self'");
    expect(policy).not.toContain('script-src');
    expect(policy).toContain(`style-src ${cspHash('body{margin:0}')}`);
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});

describe('page headers', () => {
  it('netlify.toml sends, for every static file, the headers the local server sends, plus HSTS', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    const block = /\[\[headers\]\]\s*\n\s*for = "\/\*"\s*\n\s*\[headers\.values\]\n((?:[ \t]+[\w-]+ = ".*"\n?)+)/.exec(
      toml,
    );
    expect(block, 'the [[headers]] block for "/*"').not.toBeNull();
    const values = Object.fromEntries([...block![1].matchAll(/([\w-]+) = "(.*)"/g)].map((m) => [m[1], m[2]]));
    expect(values).toEqual({ ...PAGE_SECURITY_HEADERS, 'Strict-Transport-Security': HSTS });
  });

  it('splits the page policy so that the halves do not fight', () => {
    // A <meta> policy ignores frame-ancestors (and Chrome logs an error): it belongs to the header.
    expect(PAGE_CSP_DIRECTIVES.map((d) => d.split(' ')[0])).not.toContain('frame-ancestors');
    expect(directives(PAGE_HEADER_CSP)).toContain('frame-ancestors');
    // The header has no per-page hashes: a script, style or default source list there would block Astro's inline scripts.
    for (const name of ['default-src', 'script-src', 'script-src-elem', 'style-src', 'style-src-elem'])
      expect(directives(PAGE_HEADER_CSP)).not.toContain(name);
    expect(PAGE_SECURITY_HEADERS['Cross-Origin-Opener-Policy']).toBe('same-origin');
    expect(PAGE_SECURITY_HEADERS).not.toHaveProperty('Strict-Transport-Security');
  });
});
