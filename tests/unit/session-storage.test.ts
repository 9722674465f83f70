/**
 * The browser's session keys (src/lib/client/session.ts): the spec's names (part 1 §3), JSON values, groups cleared
 * together, and no exception when storage is unavailable (private windows, full quotas).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as session from '../../src/lib/client/session.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const g = globalThis as { sessionStorage?: unknown; localStorage?: unknown };
let storage: MemoryStorage;
/** This device's storage, which outlives the tab (the other tab, or the browser reopened, sees it). */
let device: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  device = new MemoryStorage();
  g.sessionStorage = storage;
  g.localStorage = device;
});
afterEach(() => {
  delete g.sessionStorage;
  delete g.localStorage;
});
const DAY = 24 * 60 * 60 * 1000;

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
    expect(session.tempResult('iq').read()).toMatchObject({ result: { kind: 'iq' }, token: 't' });
  });
});

describe('a visitor result kept on this device (issue 31)', () => {
  const visitor = { result: { kind: 'iq' } as never, token: 't1' };

  it('is kept beyond the tab for 30 days, and a new tab reads it', () => {
    const before = Date.now();
    session.tempResult('iq').write(visitor);
    const kept = JSON.parse(device.items.get('rozum.kept.iq')!);
    expect(kept).toMatchObject(visitor);
    expect(kept.keptUntil).toBeGreaterThanOrEqual(before + session.KEEP_DAYS * DAY);
    expect(kept.keptUntil).toBeLessThanOrEqual(Date.now() + session.KEEP_DAYS * DAY);
    // A new tab: its own session is empty, the device still has it, and the tab takes it up.
    g.sessionStorage = storage = new MemoryStorage();
    expect(session.tempResult('iq').read()).toEqual(kept);
    expect(JSON.parse(storage.items.get('tempTestResult')!)).toEqual(kept);
  });

  it('keeps its first date when written again (another language), and a new result starts its own', () => {
    session.tempResult('iq').write(visitor);
    const first = JSON.parse(device.items.get('rozum.kept.iq')!).keptUntil;
    device.items.set('rozum.kept.iq', JSON.stringify({ ...visitor, keptUntil: first - 5 * DAY }));
    session
      .tempResult('iq')
      .write({ ...visitor, result: { kind: 'iq', language: 'en' } as never, keptUntil: undefined });
    expect(JSON.parse(device.items.get('rozum.kept.iq')!).keptUntil).toBe(first - 5 * DAY);
    session.tempResult('iq').write({ ...visitor, token: 't2' });
    expect(JSON.parse(device.items.get('rozum.kept.iq')!).keptUntil).toBeGreaterThan(first - DAY);
  });

  it('is gone from the device once saved to an account, forgotten, or past its 30 days', () => {
    session.tempResult('iq').write(visitor);
    session.tempResult('iq').write({ ...visitor, id: 'saved-id', saved: true });
    expect(device.items.has('rozum.kept.iq')).toBe(false);
    expect(session.tempResult('iq').read()).toMatchObject({ id: 'saved-id' });

    session.tempResult('professional').write({ ...visitor, result: { kind: 'professional' } as never });
    session.clearAll(session.tempResult('professional'));
    expect(device.items.has('rozum.kept.professional')).toBe(false);

    device.items.set('rozum.kept.iq', JSON.stringify({ ...visitor, keptUntil: Date.now() - 1 }));
    g.sessionStorage = storage = new MemoryStorage();
    expect(session.tempResult('iq').read()).toBeNull();
    expect(device.items.has('rozum.kept.iq')).toBe(false);
  });

  it("keeps a tab's result put there before devices kept them, from its first read", () => {
    storage.items.set('tempTestResult', JSON.stringify(visitor));
    expect(session.tempResult('iq').read()?.keptUntil).toBeGreaterThan(Date.now());
    expect(device.items.has('rozum.kept.iq')).toBe(true);
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
