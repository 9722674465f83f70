/**
 * The signed-in user as the browser knows it: who it is and its subscription ($me, read once per page and shared by
 * every island that asks), and the name certificates carry. Apart from the rest of the account (./account.ts) so the
 * results pages, which need only these, do not load sign-in and settings code.
 */
import { atom } from 'nanostores';
import type * as me from '../api/me.ts';
import { call, callRetrying, type Outcome } from '../lib/client/call.ts';

export type Me = me.Me;
export const $me = atom<Me | null>(null);

let asking: Promise<Outcome<Me>> | null = null;

/** The signed-in user (once per page however many islands ask; `fresh` asks again after a change). */
export function loadMe({ fresh = false } = {}): Promise<Outcome<Me>> {
  if (fresh || !asking)
    asking = callRetrying<typeof me.get>('GET /api/me').then((outcome) => {
      $me.set(outcome.ok ? outcome.data : null);
      // A failure is not kept: the next island to ask asks the server again.
      if (!outcome.ok) asking = null;
      return outcome;
    });
  return asking;
}

/** Signed out (or the account deleted): nobody is known here until the server is asked again. */
export function forgetMe(): void {
  $me.set(null);
  asking = null;
}

/** Changes the full name (the profile's, and the one certificates carry). */
export const renameAccount = (fullName: string, lang: 'uk' | 'en') =>
  call<typeof me.rename>('PATCH /api/me', { body: { fullName, lang } });
