/**
 * The static pages' pre-paint hint of a kept visitor result (src/lib/kept-hint.ts) finds exactly what the results
 * page will read (lib/client/session.ts tempResult): if they disagreed, a notice would offer a result that is not
 * there, or none would offer one that is.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEPT_ATTRIBUTE, KEPT_DEVICE_KEYS, keptHintScript, SIGNED_IN_HINT_COOKIE } from '../../src/lib/kept-hint.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const DAY = 86_400_000;
let cookie = '';
const run = () => {
  const attributes = new Map<string, string>();
  new Function('document', 'localStorage', keptHintScript())(
    { cookie, documentElement: { setAttribute: (name: string, value: string) => attributes.set(name, value) } },
    globalThis.localStorage,
  );
  return attributes.get(KEPT_ATTRIBUTE) ?? null;
};
const keep = (kind: 'iq' | 'professional', value: unknown) =>
  localStorage.setItem(KEPT_DEVICE_KEYS[kind], typeof value === 'string' ? value : JSON.stringify(value));
const visitor = (days = 10) => ({ token: 't.sig', result: {}, keptUntil: Date.now() + days * DAY });

beforeEach(() => {
  cookie = '';
  Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});
afterEach(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

describe('the kept-result hint', () => {
  it('names each kind this device keeps for a visitor, and nothing when none is kept', () => {
    expect(run()).toBeNull();
    keep('professional', visitor());
    expect(run()).toBe('professional');
    keep('iq', visitor());
    expect(run()).toBe('iq professional');
  });

  it('leaves out a result whose days are over, one saved to an account (an id), one without a token', () => {
    keep('iq', visitor(-1));
    keep('professional', { ...visitor(), id: '3f1c2a4e-0000-4000-8000-000000000000' });
    expect(run()).toBeNull();
    keep('iq', { result: {}, keptUntil: Date.now() + DAY });
    expect(run()).toBeNull();
  });

  it('says nothing to a signed-in person (signing in saves the result), whatever the cookie order', () => {
    keep('iq', visitor());
    cookie = `a=1; ${SIGNED_IN_HINT_COOKIE}=1; b=2`;
    expect(run()).toBeNull();
    cookie = `x${SIGNED_IN_HINT_COOKIE}=1`;
    expect(run()).toBe('iq');
  });

  it('takes anything unreadable for nothing kept, and never throws', () => {
    keep('iq', '{not json');
    expect(run()).toBeNull();
    keep('iq', 'null');
    keep('professional', '42');
    expect(run()).toBeNull();
  });

  it('finds what the results page reads: a result written by the session module, and not once it is forgotten', async () => {
    const session = await import('../../src/lib/client/session.ts');
    const stored = { token: 'iq.sig', result: { kind: 'iq' } } as unknown as Parameters<
      ReturnType<typeof session.tempResult>['write']
    >[0];
    session.tempResult('iq').write(stored);
    expect(run()).toBe('iq');
    // A new tab: the results page reads the device's copy, as the hint did.
    Object.assign(globalThis, { sessionStorage: new MemoryStorage() });
    expect(session.tempResult('iq').read()).toMatchObject({ token: 'iq.sig' });
    session.tempResult('iq').write({ ...stored, id: '3f1c2a4e-0000-4000-8000-000000000000' });
    expect(run()).toBeNull();
    session.tempResult('iq').clear();
    expect(run()).toBeNull();
  });
});
