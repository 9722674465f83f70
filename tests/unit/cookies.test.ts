/** The one cookie module: reading that never throws, and our cookies' attributes in one place. */
import { describe, expect, it } from 'vitest';
import {
  clearCookie,
  parseCookies,
  readCookie,
  serializeNetlifyCookie,
  setCookie,
} from '../../src/lib/server/cookies.ts';

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

describe('reading cookies', () => {
  it('parses a Cookie header, decoding values and skipping what is no cookie', () => {
    const jar = parseCookies('a=1; session=abc%3D%3D; broken; =x');
    expect(jar.get('a')).toBe('1');
    expect(jar.get('session')).toBe('abc==');
    expect(jar.size).toBe(2);
  });

  it('takes a malformed percent-encoding as it is instead of throwing', () => {
    const jar = parseCookies('junk=100%; other=%E0%A4%A; rozum_session=tok');
    expect(jar.get('junk')).toBe('100%');
    expect(jar.get('other')).toBe('%E0%A4%A');
    expect(readCookie(request('http://x/', 'junk=100%; rozum_session=tok'), 'rozum_session')).toBe('tok');
    expect(readCookie(request('http://x/'), 'rozum_session')).toBeNull();
  });

  it('keeps the first of a repeated name (the browser sends the most specific path first)', () => {
    expect(parseCookies('a=first; a=second').get('a')).toBe('first');
  });
});

describe('writing our cookies', () => {
  it('is HttpOnly, SameSite=Lax and Path=/ by default, Secure only over https', () => {
    expect(setCookie(request('https://rozum.example/api/x'), 's', 'tok', { maxAge: 60 })).toBe(
      's=tok; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(setCookie(request('http://127.0.0.1:8888/api/x'), 's', 'tok', { maxAge: 60.9 })).toBe(
      's=tok; Max-Age=60; Path=/; HttpOnly; SameSite=Lax',
    );
  });

  it('lets the page read the hint cookie, scopes a path, carries Expires, and deletes with the same flags', () => {
    const expires = new Date('2030-01-01T00:00:00Z');
    expect(
      setCookie(request('https://r.example/'), 'hint', '1', {
        maxAge: 10,
        expires,
        httpOnly: false,
        path: '/api/auth',
      }),
    ).toBe('hint=1; Max-Age=10; Path=/api/auth; Expires=Tue, 01 Jan 2030 00:00:00 GMT; Secure; SameSite=Lax');
    expect(clearCookie(request('https://r.example/'), 's')).toBe(
      's=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
  });

  it('serialises Netlify context cookies with every attribute', () => {
    expect(
      serializeNetlifyCookie({
        name: 's',
        value: 'v 1',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: 60,
      }),
    ).toBe('s=v%201; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax');
  });
});
