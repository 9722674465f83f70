/**
 * The profile's data: the user, their statistics and both histories a page at a time (GET /api/results pages),
 * loaded together; "Show earlier results" appends the next page of one history.
 */
import { atom } from 'nanostores';
import type * as me from '../api/me.ts';
import type * as results from '../api/results.ts';
import { callRetrying } from '../lib/client/call.ts';
import { loadMe } from './account.ts';
import type { CareerEntry, IqEntry } from '../api/results.ts';
import type { TestKind } from '../domain/views.ts';
import type { Lang } from '../i18n/paths.ts';

/** Everything the profile shows once loaded; `empty` is "no result of either test yet". */
export interface ProfileData {
  me: me.Me;
  stats: me.Stats;
  iq: IqEntry[];
  pro: CareerEntry[];
  /** Where the next page of each history starts (GET /api/results cursor), or null when all are here. */
  next: { iq: string | null; professional: string | null };
  premium: boolean;
  empty: boolean;
}
export type ProfileState =
  { status: 'loading' } | { status: 'signed-out' } | { status: 'failed' } | ({ status: 'ready' } & ProfileData);

export const $profile = atom<ProfileState>({ status: 'loading' });

const page = (type: TestKind, lang: Lang, cursor?: string) =>
  callRetrying<typeof results.list>('GET /api/results', { query: { type, lang, ...(cursor ? { cursor } : {}) } });

/** Loads (or reloads, after a promo code or a stopped renewal) the whole profile. */
export async function loadProfile(lang: Lang): Promise<void> {
  const who = await loadMe({ fresh: true });
  if (!who.ok) return $profile.set(who.status === 401 ? { status: 'signed-out' } : { status: 'failed' });
  const [stats, iq, pro] = await Promise.all([
    callRetrying<typeof me.stats>('GET /api/me/stats'),
    page('iq', lang),
    page('professional', lang),
  ]);
  if (!stats.ok || !iq.ok || !pro.ok) return $profile.set({ status: 'failed' });
  $profile.set({
    status: 'ready',
    me: who.data,
    stats: stats.data,
    iq: iq.data.items as IqEntry[],
    pro: pro.data.items as CareerEntry[],
    next: { iq: iq.data.nextCursor, professional: pro.data.nextCursor },
    premium: who.data.subscription.active,
    empty: iq.data.items.length === 0 && pro.data.items.length === 0,
  });
}

/** The next page of one history, appended; false when it could not be loaded. */
export async function loadMoreHistory(kind: TestKind, lang: Lang): Promise<boolean> {
  const now = $profile.get();
  if (now.status !== 'ready' || !now.next[kind]) return true;
  const more = await page(kind, lang, now.next[kind]!);
  if (!more.ok) return false;
  const current = $profile.get();
  if (current.status !== 'ready') return true;
  $profile.set(
    kind === 'iq'
      ? {
          ...current,
          iq: [...current.iq, ...(more.data.items as IqEntry[])],
          next: { ...current.next, iq: more.data.nextCursor },
        }
      : {
          ...current,
          pro: [...current.pro, ...(more.data.items as CareerEntry[])],
          next: { ...current.next, professional: more.data.nextCursor },
        },
  );
  return true;
}
