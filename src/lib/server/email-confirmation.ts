/**
 * Confirming that an account's address is its holder's (issue 30, point 2): sign-up mails a link
 * (`/confirm-email?token=…`, `/eng/confirm-email?token=…`, in the page's language) good for 24 hours and once; the
 * page posts the token to `POST /api/auth/email/verify`, which sets users.email_verified_at — for the address the
 * link was sent to only, so a link to an address the account has since left confirms nothing. "Send again" issues
 * a new link, voiding the old (email-tokens.ts), at most 3 an hour per account — and, as every mail to an address
 * not yet proven, at most 3 an hour to the address whoever asks (mail-budget.ts).
 */
import { localizedPath, type Lang } from '../../i18n/paths.ts';
import { normalizeEmail } from './users.ts';
import { consumeToken, issueToken, type Consumed } from './email-tokens.ts';
import { enqueueMail } from './outbox.ts';
import { db, type Queryable } from './db.ts';
import { takeRecipientTurn } from './mail-budget.ts';
import type { LimitCheck } from './rate-limit.ts';
import { siteUrl } from './env.ts';

export const confirmLink = (lang: Lang, token: string): string =>
  `${siteUrl()}${localizedPath(lang, '/confirm-email')}?token=${token}`;

/**
 * A new confirmation link for the account's address, mailed through the outbox in the same transaction — unless the
 * address has had its mails for the hour (then nothing is issued or queued, and the refusal says until when).
 */
export async function mailConfirmation(q: Queryable, userId: string, email: string, lang: Lang): Promise<LimitCheck> {
  const turn = await takeRecipientTurn(q, email);
  if (!turn.ok) return turn;
  const token = await issueToken(q, userId, 'verify', email);
  await enqueueMail(q, { template: 'confirm-email', lang, to: email, params: { link: confirmLink(lang, token) } });
  return turn;
}

/** Uses a confirmation token: the account's address confirmed if it is still the one the link was sent to. */
export async function confirmEmail(token: string): Promise<Consumed> {
  return (await db()).transaction(async (tx) => {
    const used = await consumeToken(token, 'verify', tx);
    if (!used.ok) return used;
    const [confirmed] = await tx.query(
      `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now())
       WHERE id = $1 AND email_normalized = $2 RETURNING id`,
      [used.userId, normalizeEmail(used.email)],
    );
    return confirmed ? used : { ok: false, error: 'auth.error.token.invalid' };
  });
}

/** "Send again": a new link to the account's current address (the old one void); refused once it is confirmed. */
export async function resendConfirmation(
  userId: string,
  lang: Lang,
): Promise<
  | { ok: true }
  | { ok: false; error: 'auth.error.email.already_verified' }
  | { ok: false; error: 'auth.error.rate_limited'; retryAfterSeconds: number }
> {
  return (await db()).transaction(async (tx) => {
    const [user] = await tx.query<{ email: string; verified: boolean }>(
      'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1',
      [userId],
    );
    if (!user || user.verified) return { ok: false, error: 'auth.error.email.already_verified' };
    const sent = await mailConfirmation(tx, userId, user.email, lang);
    return sent.ok
      ? { ok: true }
      : { ok: false, error: 'auth.error.rate_limited', retryAfterSeconds: sent.retryAfterSeconds };
  });
}
