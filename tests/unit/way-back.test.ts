/**
 * The way back after signing in (src/lib/client/auth-state.ts): remembered from a result page, followed only to a
 * path on this site, and a plain sign-in does not resume a purchase.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as session from '../../src/lib/client/session.ts';
import { rememberWayBack, returnUrl, sameSitePath } from '../../src/lib/client/auth-state.ts';

const g = globalThis as { sessionStorage?: unknown; location?: unknown };
beforeEach(() => {
  const items = new Map<string, string>();
  g.sessionStorage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, String(value)),
    removeItem: (key: string) => void items.delete(key),
  };
  g.location = { pathname: '/eng/professional-results', search: '' };
});
afterEach(() => {
  delete g.sessionStorage;
  delete g.location;
});

describe('sameSitePath', () => {
  it('keeps a path on this site with its query', () => {
    expect(sameSitePath('/results')).toBe('/results');
    expect(sameSitePath('/eng/professional-results?id=4b1e2c1a-0000-4000-8000-000000000000')).toBe(
      '/eng/professional-results?id=4b1e2c1a-0000-4000-8000-000000000000',
    );
  });

  it('refuses anything that would leave the site, or is not a path', () => {
    for (const value of [
      '//evil.example/results',
      '/\\evil.example',
      '/\t/evil.example',
      '\\\\evil.example',
      'https://evil.example/results',
      'javascript:alert(1)',
      'results',
      '',
      null,
      42,
      { href: '/results' },
    ])
      expect(sameSitePath(value), String(value)).toBeNull();
  });
});

describe('rememberWayBack', () => {
  it('remembers this result page under the spec keys, which returnUrl then gives back', () => {
    session.purchase.resume.write('professional');
    rememberWayBack('professional', undefined);
    expect(returnUrl()).toBe('/eng/professional-results');
    expect(session.preAuth.testType.read()).toBe('professional');
    expect(session.preAuth.resultId.read()).toBeNull();
    // Signing in to keep a result is not "Get all results": no payment modal on the way back.
    expect(session.purchase.resume.read()).toBeNull();
  });

  it('remembers a saved result id, and forgets an earlier one when there is none', () => {
    rememberWayBack('iq', '4b1e2c1a-0000-4000-8000-000000000000');
    expect(session.preAuth.resultId.read()).toBe('4b1e2c1a-0000-4000-8000-000000000000');
    rememberWayBack('iq', undefined);
    expect(session.preAuth.resultId.read()).toBeNull();
  });

  it('follows no stored address that leaves the site', () => {
    session.preAuth.returnUrl.write('//evil.example');
    expect(returnUrl()).toBeNull();
  });
});
