/**
 * The browser's session keys (src/lib/client/session.ts): the spec's names (part 1 §3), JSON values, groups cleared
 * together, and no exception when storage is unavailable (private windows, full quotas).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as session from '../../src/lib/client/session.ts';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

const g = globalThis as { sessionStorage?: unknown };
let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  g.sessionStorage = storage;
});
afterEach(() => delete g.sessionStorage);

describe('session storage keys', () => {
  it('uses the spec names for results and the way back after sign-in', () => {
    session.tempResult('iq').write({ result: { kind: 'iq' } as never, token: 't' });
    session.tempResult('professional').write({ result: { kind: 'professional' } as never });
    session.currentResultId('iq').write('a');
    session.currentResultId('professional').write('b');
    session.savedAfterAuth.write('iq');
    session.preAuth.returnUrl.write('/results?x=1');
    session.preAuth.testType.write('professional');
    session.preAuth.resultId.write('c');
    expect([...storage.items.keys()].sort()).toEqual(
      [
        'currentProfessionalTestResultId',
        'currentTestResultId',
        'returnUrlAfterAuth',
        'savedAfterAuth',
        'tempProfessionalTestResult',
        'tempTestResult',
        'testResultIdBeforeAuth',
        'testTypeBeforeAuth',
      ].sort(),
    );
    expect(JSON.parse(storage.items.get('returnUrlAfterAuth')!)).toBe('/results?x=1');
    expect(session.tempResult('iq').read()).toEqual({ result: { kind: 'iq' }, token: 't' });
  });

  it('keeps each test kind apart and clears a group together', () => {
    session.progress('iq').write({ index: 3 } as never);
    session.progress('professional').write({ index: 5 } as never);
    expect(session.progress('iq').read()).toEqual({ index: 3 });
    session.clearAll(...Object.values(session.preAuth), session.progress('iq'));
    expect(session.progress('iq').read()).toBeNull();
    expect(session.progress('professional').read()).toEqual({ index: 5 });
  });

  it('reads garbage or a missing store as "not kept" and never throws', () => {
    storage.items.set('tempTestResult', '{not json');
    expect(session.tempResult('iq').read()).toBeNull();
    delete g.sessionStorage;
    expect(session.iqFormsTaken.read()).toBeNull();
    expect(() => session.iqFormsTaken.write([1])).not.toThrow();
    expect(() => session.iqFormsTaken.clear()).not.toThrow();
    g.sessionStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(session.cookieBannerClosed.read()).toBeNull();
    expect(() => session.cookieBannerClosed.write(1)).not.toThrow();
  });
});
