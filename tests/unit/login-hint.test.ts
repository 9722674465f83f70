/**
 * The sign-in page's pre-paint hint (src/lib/login-hint.ts) reads the way back as the island will
 * (lib/client/auth-state.ts resultWayBack): if they disagreed, the form would be drawn one way and then moved.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginHintScript } from '../../src/lib/login-hint.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

class FakeRoot {
  attributes = new Map<string, string>();
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
}

let root: FakeRoot;
const run = (search = '') => {
  root = new FakeRoot();
  new Function('location', 'document', 'sessionStorage', loginHintScript())(
    { search },
    { documentElement: root },
    globalThis.sessionStorage,
  );
  return { mode: root.attributes.get('data-login') ?? null, back: root.attributes.get('data-login-back') ?? null };
};

beforeEach(() => {
  Object.assign(globalThis, { sessionStorage: new MemoryStorage() });
});
afterEach(() => {
  delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
});

const set = (values: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, JSON.stringify(value));
};

describe('the sign-in page hint', () => {
  it('marks nothing for a plain visit, sign-up for ?mode=signup', () => {
    expect(run()).toEqual({ mode: null, back: null });
    expect(run('?mode=signup')).toEqual({ mode: 'signup', back: null });
  });

  it('from a result: sign-up with its context, unless sign-in was asked for or Google sent an error', async () => {
    const { resultWayBack } = await import('../../src/lib/client/auth-state.ts');
    set({ returnUrlAfterAuth: '/results', testTypeBeforeAuth: 'iq' });
    expect(resultWayBack()).toEqual({ kind: 'iq', purchase: false });
    expect(run()).toEqual({ mode: 'signup', back: 'iq-keep' });
    expect(run('?mode=signin')).toEqual({ mode: null, back: 'iq-keep' });
    expect(run('?error=password_first')).toEqual({ mode: null, back: 'iq-keep' });
    set({ 'rozum.purchase.resume': 'iq' });
    expect(resultWayBack()).toEqual({ kind: 'iq', purchase: true });
    expect(run()).toEqual({ mode: 'signup', back: 'iq-pay' });
  });

  it.each([['//evil.example'], ['/\\evil.example'], ['https://evil.example/'], [42]])(
    'ignores a way back the island would not follow: %s',
    async (returnUrl) => {
      const { resultWayBack } = await import('../../src/lib/client/auth-state.ts');
      set({ returnUrlAfterAuth: returnUrl, testTypeBeforeAuth: 'professional' });
      expect(resultWayBack()).toBeNull();
      expect(run()).toEqual({ mode: null, back: null });
    },
  );

  it('ignores an unknown test kind and unreadable values', async () => {
    const { resultWayBack } = await import('../../src/lib/client/auth-state.ts');
    set({ returnUrlAfterAuth: '/results', testTypeBeforeAuth: 'astrology' });
    expect(resultWayBack()).toBeNull();
    expect(run()).toEqual({ mode: null, back: null });
    sessionStorage.setItem('testTypeBeforeAuth', '{not json');
    expect(run()).toEqual({ mode: null, back: null });
  });
});
