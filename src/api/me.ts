/** The signed-in user: who they are, their subscription, their statistics and achievements. */
import { z } from 'zod';
import { contract } from './contract.ts';
import { fullNameField, langField } from './fields.ts';
import { LANGS } from '../i18n/paths.ts';
import type { achievementsOf, ProfileStats } from '../domain/achievements.ts';
import type { SubscriptionStatus } from '../domain/access.ts';

/** A user's subscription as the server answers it (spec part 2 §4; DESIGN.md §3.3, §4). */
export interface SubscriptionState {
  status: SubscriptionStatus;
  expiresAt: string | null;
  paymentId: string | null;
  active: boolean;
  /** Ceil of days until expiry, for "Premium Active · N days". */
  daysLeft: number | null;
  /** Renewal stopped: access runs to expiresAt and ends (DESIGN.md §4). */
  cancelledAt: string | null;
  /** Where premium came from: a payment renews monthly, a promo code has nothing to renew. */
  source: 'payment' | 'promo' | null;
  /** WayForPay's next scheduled charge (its own monthly schedule, not the premium expiry), while renewal runs. */
  nextCharge: { at: string; amount: string } | null;
  /** The last renewal charge was declined or expired (cleared by the next approved one). */
  renewalFailedAt: string | null;
  /** The user stopped renewal but WayForPay has not confirmed it yet; a scheduled retry keeps asking. */
  stopPending: boolean;
  /**
   * Some schedule of the user's may still charge (its regular payment not yet removed at WayForPay), whatever premium's
   * status: the profile offers to stop it even after premium lapsed.
   */
  renewalStoppable: boolean;
  /** Renewal was stopped (suspended at WayForPay) while premium runs: it can be turned back on (issue 31). */
  renewalResumable: boolean;
}

export interface Me {
  /**
   * `emailVerified`: the address is shown to be the holder's (a confirmation link, or Google said so). `hasPassword`:
   * false for an account made with Google that never set one (deleting it asks for a fresh Google sign-in instead).
   */
  user: { id: string; email: string; createdAt: string; emailVerified: boolean; hasPassword: boolean };
  profile: { fullName: string; displayName: string; email: string; createdAt: string };
  subscription: SubscriptionState;
}

/** Counts and achievements for everyone; the other figures are null without premium (`statsLocked`, shown "?"). */
export type Stats = ProfileStats & {
  statsLocked: boolean;
  professionalTests: number;
  achievements: ReturnType<typeof achievementsOf>;
};

export const get = contract<Me>()({ path: '/api/me', method: 'GET', auth: 'required' });
/** Changes the full name; answers the user as it now is. */
export const rename = contract<Me>()({
  path: '/api/me',
  method: 'PATCH',
  auth: 'required',
  body: z.object({ fullName: fullNameField, lang: langField }),
  maxBytes: 4 * 1024,
});
export const stats = contract<Stats>()({ path: '/api/me/stats', method: 'GET', auth: 'required' });
/** A new password, given the current one: every other session ends (issue 30, point 4). */
export const changePassword = contract<{ ok: true }>()({
  path: '/api/me/password',
  method: 'POST',
  auth: 'required',
  body: z.object({ currentPassword: z.string().max(256), newPassword: z.string().max(256) }),
});
/** A new address: a link to it (the change takes effect when followed), a notice to the current one. */
export const changeEmail = contract<{ ok: true; pending: string }>()({
  path: '/api/me/email',
  method: 'POST',
  auth: 'required',
  body: z.object({ email: z.string().min(1).max(254), password: z.string().max(256), lang: z.enum(LANGS) }),
});

/** Everything an account holds (issue 30, point 5): the file "Download my data" saves. */
export interface AccountExport {
  format: 'rozum-account-export/1';
  exportedAt: string;
  account: {
    id: string;
    email: string;
    emailVerifiedAt: string | null;
    pendingEmailChange: { email: string; expiresAt: string } | null;
    fullName: string;
    createdAt: string;
    hasPassword: boolean;
    linkedSignIns: { provider: string; since: string }[];
  };
  sessions: { signedInWith: string; createdAt: string; expiresAt: string; thisBrowser: boolean }[];
  subscription: SubscriptionState;
  /** Each result as it was stored when saved, answers included. */
  results: { iq: Record<string, unknown>[]; career: Record<string, unknown>[] };
  iqFormsReviewed: { formId: number; seenAt: string }[];
  orders: Record<string, unknown>[];
  promoRedemptions: { code: string; redeemedAt: string }[];
  /** The results whose public link is up (issue 32): which, its code, language and whether it shows the first name. */
  sharedResults: {
    kind: string;
    resultId: string;
    code: string;
    language: string;
    showsFirstName: boolean;
    since: string;
  }[];
  /** Cookie consent is kept in the browser only, never on the server. */
  consents: { mailingListAt: string | null };
}

/** The account's data as a JSON file (Content-Disposition: attachment). */
export const exportData = contract<AccountExport>()({ path: '/api/me/export', method: 'GET', auth: 'required' });
/**
 * Deletes the account for good: its password, or with none given a Google sign-in made in this session in the last
 * ten minutes. The session's cookies are cleared.
 */
export const remove = contract<{ ok: true }>()({
  path: '/api/me',
  method: 'DELETE',
  auth: 'required',
  body: z.object({ password: z.string().max(256).optional(), lang: z.enum(LANGS) }),
  maxBytes: 4 * 1024,
});
