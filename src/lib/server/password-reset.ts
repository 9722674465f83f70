/**
 * "Forgot password?" (issue 30, point 3). `requestReset` answers nothing about the address: the caller answers the
 * same 200 at once for any address and this runs after the response, so neither the answer nor its timing tells a
 * stranger whether an account exists. For an account it mails a link (`/reset-password?token=…`) good for one hour
 * and once. `resetPassword` sets the new password, ends every session of the account, confirms the address the link
 * was sent to (following it proves the mailbox) and signs the person in on this browser. A Google-only account gets
 * its first password this way. A link resets only the account it was sent for, as it is (issue 44): it works only
 * while the address it was mailed to is still the account's, and a new address, a new password, a completed reset or
 * a newer link voids it (email-tokens.ts voidTokens) — "my old mailbox was read, so I moved" must not be undone by a
 * link sitting in the old mailbox.
 */
import { localizedPath, type Lang } from '../../i18n/paths.ts';
import { consumeToken, issueToken, voidTokens } from './email-tokens.ts';
import { enqueueMail } from './outbox.ts';
import { db } from './db.ts';
import { siteUrl } from './env.ts';
import { cleanEmail } from '../../domain/email.ts';
import { hashPassword, MIN_PASSWORD, normalizeEmail } from './users.ts';
import { startSession, type Signed } from './auth.ts';
import { takeRecipientTurn } from './mail-budget.ts';
import type { KnownDevice } from './device.ts';

export const resetLink = (lang: Lang, token: string): string =>
  `${siteUrl()}${localizedPath(lang, '/reset-password')}?token=${token}`;

/**
 * Whether a browser is the owner's for a reset of `normalizedEmail`: its device cookie names the account that has the
 * address, and that address is confirmed (whoever signs up with someone else's address holds a device cookie of that
 * account too, but cannot confirm it).
 */
export async function ownersBrowser(device: KnownDevice, normalizedEmail: string): Promise<boolean> {
  const rows = await (
    await db()
  ).query('SELECT 1 FROM users WHERE id = $1 AND email_normalized = $2 AND email_verified_at IS NOT NULL', [
    device.userId,
    normalizedEmail,
  ]);
  return rows.length > 0;
}

/**
 * Mails a reset link when the address is an account's; nothing otherwise. Runs after the response. The mail counts
 * against the address's hourly budget (mail-budget.ts) and is not sent once it is spent — unless it was asked for
 * from a browser that has signed in to this account (`device`) whose address is confirmed, which strangers' requests
 * never shut out.
 */
export async function requestReset(email: string, lang: Lang, device?: KnownDevice | null): Promise<void> {
  const address = cleanEmail(email);
  if (!address) return;
  await (
    await db()
  ).transaction(async (tx) => {
    const [user] = await tx.query<{ id: string; email: string; verified: boolean }>(
      'SELECT id, email, email_verified_at IS NOT NULL AS verified FROM users WHERE email_normalized = $1',
      [normalizeEmail(address)],
    );
    if (!user) return;
    // The owner's own browser is exempt only where the address is proven theirs: whoever signed up with someone else's
    // address holds a device cookie of that account too.
    const owner = device?.userId === user.id && user.verified;
    if (!owner && !(await takeRecipientTurn(tx, user.email)).ok) return;
    const token = await issueToken(tx, user.id, 'reset', user.email);
    await enqueueMail(tx, {
      template: 'reset-password',
      lang,
      to: user.email,
      params: { link: resetLink(lang, token) },
    });
  });
}

export type ResetOutcome =
  Signed | { ok: false; error: 'auth.error.password.length' | 'auth.error.token.invalid' | 'auth.error.token.expired' };

export async function resetPassword(token: string, password: string): Promise<ResetOutcome> {
  // The password is checked before the token is spent: a too-short one leaves the link usable.
  if (password.length < MIN_PASSWORD) return { ok: false, error: 'auth.error.password.length' };
  const hash = await hashPassword(password);
  const outcome = await (
    await db()
  ).transaction(async (tx) => {
    const used = await consumeToken(token, 'reset', tx);
    if (!used.ok) return used;
    // Only while the address the link was mailed to is still the account's (its holder may have moved away from it).
    const [user] = await tx.query<{ id: string }>(
      `UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now())
       WHERE id = $1 AND email_normalized = $3 RETURNING id`,
      [used.userId, hash, normalizeEmail(used.email)],
    );
    if (!user) return { ok: false as const, error: 'auth.error.token.invalid' as const };
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    // Every other reset link, and a pending change of address (whoever asked for it may be who the reset shuts out).
    await voidTokens(tx, user.id, ['reset', 'change']);
    return { ok: true as const, userId: user.id };
  });
  if (!outcome.ok) return outcome;
  return startSession(outcome.userId);
}
