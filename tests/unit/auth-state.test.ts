/**
 * The way back after signing in (src/lib/client/auth-state.ts): which result, if any, the sign-in page can say the
 * person is going back to, and whether a purchase goes on there.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rememberReturnTo, rememberWayBack, resultWayBack } from '../../src/lib/client/auth-state.ts';
import { startUnlock } from '../../src/lib/client/unlock.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

const g = globalThis as { sessionStorage?: unknown; location?: unknown };
let assigned: string[];
beforeEach(() => {
  assigned = [];
  g.sessionStorage = new MemoryStorage();
  g.location = { pathname: '/eng/results', search: '', assign: (href: string) => assigned.push(href) };
});
afterEach(() => {
  delete g.sessionStorage;
  delete g.location;
});

describe('resultWayBack', () => {
  it('is null when nothing was remembered', () => {
    expect(resultWayBack()).toBeNull();
  });

  it('names the result kept from its page, with no purchase', () => {
    rememberWayBack('professional', 'r1');
    expect(resultWayBack()).toEqual({ kind: 'professional', purchase: false });
  });

  it('says a purchase goes on after "Get all results"', () => {
    startUnlock('iq', undefined, '/eng/login');
    expect(assigned).toEqual(['/eng/login']);
    expect(resultWayBack()).toEqual({ kind: 'iq', purchase: true });
  });

  it('is null for a way back that is not a result, even after one was remembered', () => {
    startUnlock('iq', 'r1', '/eng/login');
    rememberReturnTo('/eng/profile/settings');
    expect(resultWayBack()).toBeNull();
  });
});
