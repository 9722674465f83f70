/**
 * Account settings (issue 30, point 4): a new password, given the current one, ends every other session; a new
 * address takes effect only when the link mailed to it is followed (purpose `change`), and the old address is told
 * at once — a new password (here or by the reset mail) cancels a pending change, so the holder the notice reaches can
 * stop one they did not ask for. An account without a password (Google only) sets one through "Forgot your password?" first.
 * Either change voids every reset link the account had mailed, and ends its other sessions (issue 44).
 */
import { cleanEmail } from '../../domain/email.ts';
import type { Lang } from '../../i18n/paths.ts';
import { db } from './db.ts';
import { consumeToken, issueToken, voidTokens, type Consumed } from './email-tokens.ts';
import { confirmEmail, confirmLink } from './email-confirmation.ts';
import { enqueueMail, enqueueNotification } from './outbox.ts';
import { takeRecipientTurn, takeTurn } from './mail-budget.ts';
import { LIMITS } from './rate-limit.ts';
import { hashPassword, MIN_PASSWORD, normalizeEmail, verifyPassword } from './users.ts';

type Refusal =
  | 'auth.error.password.length'
  | 'auth.error.password.current'
  | 'auth.error.password.none'
  | 'auth.error.email.invalid'
  | 'auth.error.email.same'
  | 'auth.error.exists'
  | 'auth.error.rate_limited';

async function passwordHashOf(userId: string): Promise<string | null> {
  const [row] = await (
    await db()
  ).query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  return row?.password_hash ?? null;
}

/** Checks the current password (none: refused, the reset mail sets one). */
export async function checkCurrentPassword(userId: string, password: string): Promise<Refusal | null> {
  const hash = await passwordHashOf(userId);
  if (!hash) return 'auth.error.password.none';
  return (await verifyPassword(hash, password)) ? null : 'auth.error.password.current';
}

export async function changePassword(
  userId: string,
  sessionId: string,
  current: string,
  next: string,
): Promise<{ ok: true } | { ok: false; error: Refusal }> {
  if (next.length < MIN_PASSWORD) return { ok: false, error: 'auth.error.password.length' };
  const refused = await checkCurrentPassword(userId, current);
  if (refused) return { ok: false, error: refused };
  const hash = await hashPassword(next);
  await (
    await db()
  ).transaction(async (tx) => {
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, hash]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, sessionId]);
    // A pending change of address is cancelled with the other sessions (one of them may have asked for it), and no
    // reset link mailed before outlives the new password.
    await voidTokens(tx, userId, ['change', 'reset']);
  });
  return { ok: true };
}

/** Mails a link to the new address (it takes effect when followed) and a notice to the current one. */
export async function requestEmailChange(
  userId: string,
  email: string,
  password: string,
  lang: Lang,
): Promise<{ ok: true } | { ok: false; error: Refusal; retryAfterSeconds?: number }> {
  const address = cleanEmail(email);
  if (!address) return { ok: false, error: 'auth.error.email.invalid' };
  const refused = await checkCurrentPassword(userId, password);
  if (refused) return { ok: false, error: refused };
  return (await db()).transaction(async (tx) => {
    const [user] = await tx.query<{ email: string; email_normalized: string; verified: boolean }>(
      'SELECT email, email_normalized, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [userId],
    );
    if (user.email_normalized === normalizeEmail(address))
      return { ok: false as const, error: 'auth.error.email.same' as const };
    const [taken] = await tx.query('SELECT 1 FROM users WHERE email_normalized = $1', [normalizeEmail(address)]);
    if (taken) return { ok: false as const, error: 'auth.error.exists' as const };
    // The new address has proven nothing yet: its mails for the hour are counted whoever asks (mail-budget.ts), and
    // an account asks for at most three such mails an hour, whatever addresses it names (issue 44).
    const own = await takeTurn(tx, LIMITS.emailChangeUser(userId));
    if (!own.ok)
      return {
        ok: false as const,
        error: 'auth.error.rate_limited' as const,
        retryAfterSeconds: own.retryAfterSeconds,
      };
    const turn = await takeRecipientTurn(tx, address);
    if (!turn.ok)
      return {
        ok: false as const,
        error: 'auth.error.rate_limited' as const,
        retryAfterSeconds: turn.retryAfterSeconds,
      };
    const token = await issueToken(tx, userId, 'change', address);
    await enqueueMail(tx, { template: 'change-email', lang, to: address, params: { link: confirmLink(lang, token) } });
    // The notice protects an owner who proved the mailbox; to an address never confirmed (it may be someone else's,
    // signed up by a stranger) it would be mail on a stranger's say (issue 44).
    if (user.verified)
      await enqueueMail(tx, { template: 'email-change-notice', lang, to: user.email, params: { newEmail: address } });
    return { ok: true as const };
  });
}

/**
 * A change link followed: the account's address becomes the new one, confirmed (unless another account took it). As a
 * new password does, it ends the account's other sessions (`keepSession`: the session of the browser that followed
 * the link, when it is this account's) and voids the links mailed to the old address — reset and confirmation.
 */
export async function confirmEmailChange(token: string, keepSession?: string): Promise<Consumed> {
  return (await db()).transaction(async (tx) => {
    const used = await consumeToken(token, 'change', tx);
    if (!used.ok) return used;
    const [before] = await tx.query<{ email: string; listed: boolean }>(
      'SELECT email, mailing_consent_at IS NOT NULL AS listed FROM user_profiles WHERE id = $1',
      [used.userId],
    );
    const [changed] = await tx.query(
      `UPDATE users SET email = $2, email_normalized = $3, email_verified_at = now()
       WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM users o WHERE o.email_normalized = $3 AND o.id <> $1) RETURNING id`,
      [used.userId, used.email, normalizeEmail(used.email)],
    );
    if (!changed) return { ok: false, error: 'auth.error.token.invalid' };
    await tx.query('UPDATE user_profiles SET email = $2, updated_at = now() WHERE id = $1', [used.userId, used.email]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2', [
      used.userId,
      keepSession ?? null,
    ]);
    await voidTokens(tx, used.userId, ['reset', 'verify']);
    // The mailing list follows the address (a member it never confirmed has nothing to follow).
    if (before?.listed)
      await enqueueNotification(tx, 'mailchimp', {
        action: 'change-address',
        email: before.email,
        newEmail: used.email,
        mergeFields: { USER_ID: used.userId },
      });
    return used;
  });
}

/**
 * A link from a mail that confirms an address: sign-up's (the account's address confirmed) or a change's (the account
 * moves to the new address, account-settings.ts). One page and one endpoint serve both.
 */
export async function confirmAddress(token: string, keepSession?: string): Promise<Consumed> {
  const confirmed = await confirmEmail(token);
  if (confirmed.ok || confirmed.error !== 'auth.error.token.invalid') return confirmed;
  return confirmEmailChange(token, keepSession);
}
