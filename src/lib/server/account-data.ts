/**
 * A person's data (issue 30, point 5): everything the account holds, as one JSON file, and the account's deletion.
 *
 * Deleting takes the account, its sessions, results, reviews, promo redemptions and one-time links (ON DELETE
 * CASCADE), in one transaction with the rest:
 * - its certificates are withdrawn: the verification page says so (withdrawn_results keeps digests of their codes),
 *   and their sheets cannot be saved again by anyone from a result token still in a browser;
 * - every renewal WayForPay may still charge is asked to stop (the scheduled reconciliation keeps asking until
 *   WayForPay confirms; a charge that slips through grants nothing and the team is told to refund it, 0015);
 * - payment records stay, as accounting law requires, unlinked: no user, name or phone, the provider's payloads cut
 *   to the transaction (unlinked_payload);
 * - the mailing list forgets every address of the account's that reached it (Mailchimp's permanent delete, through
 *   the outbox); queued notifications that name the person are dropped;
 * - a last mail to the account's address says it was done.
 * Anonymous item responses (iq_responses) name nobody and stay; the privacy policy says so.
 */
import type { Lang } from '../../i18n/paths.ts';
import { db } from './db.ts';
import { checkCurrentPassword } from './account-settings.ts';
import { enqueueMail, enqueueNotification } from './outbox.ts';
import { LIVE_SCHEDULE_SQL, subscriptionOf } from './subscription.ts';
import { addressKey } from './address-keys.ts';
import { takeRecipientTurn } from './mail-budget.ts';
import type { AccountExport } from '../../api/me.ts';

/** How long a Google sign-in stands in for the password of an account that has none. */
export const FRESH_GOOGLE_MS = 10 * 60 * 1000;

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);

/** Everything the account holds, with a word on each part in the asked language's terms. */
export async function exportAccount(userId: string, sessionId: string | null): Promise<AccountExport | null> {
  const database = await db();
  const [user] = await database.query<{
    email: string;
    created_at: Date;
    email_verified_at: Date | null;
    has_password: boolean;
    full_name: string;
    mailing_consent_at: Date | null;
  }>(
    `SELECT u.email, u.created_at, u.email_verified_at, u.password_hash IS NOT NULL AS has_password,
       p.full_name, p.mailing_consent_at
     FROM users u JOIN user_profiles p ON p.id = u.id WHERE u.id = $1`,
    [userId],
  );
  if (!user) return null;
  const [google, sessions, iq, career, orders, charges, promos, reviews, pending, shares] = await Promise.all([
    database.query<{ provider: string; created_at: Date }>(
      'SELECT provider, created_at FROM oauth_accounts WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    database.query<{ id: string; via: string; created_at: Date; expires_at: Date }>(
      'SELECT id, via, created_at, expires_at FROM sessions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    database.query<Record<string, unknown>>(
      `SELECT id, created_at, language, form_id, answers, time_spent, iq_score, total_score, correct_answers,
         total_questions, breakdown, reliability, scale, key_seen, verification_code
       FROM test_results WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    database.query<Record<string, unknown>>(
      `SELECT id, created_at, language, answers, time_spent, total_questions, enneagram_scores, primary_type,
         secondary_type, tied_types, personality_type, recommended_professions, strengths_description,
         development_areas, verification_code
       FROM professional_test_results WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    database.query<Record<string, unknown>>(
      `SELECT order_reference, provider, amount::text AS amount, currency, days, status, client_name, client_phone,
         created_at, activated_at, next_charge_at, stop_requested_at, stop_confirmed_at
       FROM payments WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
    database.query<Record<string, unknown>>(
      `SELECT c.order_reference, c.charge_reference, c.status, c.amount::text AS amount, c.currency, c.days,
         c.approved_at, c.reversed_at, c.created_at
       FROM payment_charges c JOIN payments o USING (order_reference) WHERE o.user_id = $1 ORDER BY c.created_at`,
      [userId],
    ),
    database.query<{ code: string; redeemed_at: Date }>(
      'SELECT code, redeemed_at FROM promo_redemptions WHERE user_id = $1 ORDER BY redeemed_at',
      [userId],
    ),
    database.query<{ form_id: number; seen_at: Date }>(
      'SELECT form_id, seen_at FROM iq_reviews_seen WHERE user_id = $1 ORDER BY form_id',
      [userId],
    ),
    database.query<{ email: string; expires_at: Date }>(
      `SELECT email, expires_at FROM email_tokens
       WHERE user_id = $1 AND purpose = 'change' AND used_at IS NULL AND expires_at > now()
       ORDER BY created_at DESC LIMIT 1`,
      [userId],
    ),
    database.query<{
      kind: string;
      result_id: string;
      code: string;
      lang: string;
      show_name: boolean;
      created_at: Date;
    }>(
      `SELECT kind, COALESCE(iq_result_id, professional_result_id) AS result_id, code, lang, show_name, created_at
       FROM result_shares WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    ),
  ]);
  const dates = <R extends Record<string, unknown>>(row: R) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [camel(k), v instanceof Date ? v.toISOString() : v]));
  return {
    format: 'rozum-account-export/1',
    exportedAt: new Date().toISOString(),
    account: {
      id: userId,
      email: user.email,
      emailVerifiedAt: iso(user.email_verified_at),
      pendingEmailChange: pending[0] ? { email: pending[0].email, expiresAt: iso(pending[0].expires_at)! } : null,
      fullName: user.full_name,
      createdAt: iso(user.created_at)!,
      hasPassword: user.has_password,
      linkedSignIns: google.map((g) => ({ provider: g.provider, since: iso(g.created_at)! })),
    },
    sessions: sessions.map((s) => ({
      signedInWith: s.via,
      createdAt: iso(s.created_at)!,
      expiresAt: iso(s.expires_at)!,
      thisBrowser: s.id === sessionId,
    })),
    subscription: await subscriptionOf(userId),
    results: { iq: iq.map(dates), career: career.map(dates) },
    iqFormsReviewed: reviews.map((r) => ({ formId: r.form_id, seenAt: iso(r.seen_at)! })),
    orders: orders.map((o) => ({
      ...dates(o),
      charges: charges.filter((c) => c.order_reference === o.order_reference).map(dates),
    })),
    promoRedemptions: promos.map((p) => ({ code: p.code, redeemedAt: iso(p.redeemed_at)! })),
    sharedResults: shares.map((s) => ({
      kind: s.kind,
      resultId: s.result_id,
      code: s.code,
      language: s.lang,
      showsFirstName: s.show_name,
      since: iso(s.created_at)!,
    })),
    consents: { mailingListAt: iso(user.mailing_consent_at) },
  };
}

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export type DeleteRefusal = 'auth.error.password.current' | 'account.delete.reauth' | 'auth.error.unauthenticated';

/**
 * The account's holder, shown: its password, or — with none given — a Google sign-in made in this session within
 * FRESH_GOOGLE_MS (for accounts without a password, and as well for those with one).
 */
async function holderShown(
  userId: string,
  sessionId: string,
  password: string | undefined,
): Promise<DeleteRefusal | null> {
  if (password) {
    const refused = await checkCurrentPassword(userId, password);
    return refused ? 'auth.error.password.current' : null;
  }
  const [session] = await (
    await db()
  ).query<{ fresh: boolean; has_password: boolean }>(
    `SELECT s.via = 'google' AND s.created_at > now() - make_interval(secs => $3) AS fresh,
       u.password_hash IS NOT NULL AS has_password
     FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = $1 AND s.user_id = $2`,
    [sessionId, userId, FRESH_GOOGLE_MS / 1000],
  );
  if (!session) return 'auth.error.unauthenticated';
  if (session.fresh) return null;
  return session.has_password ? 'auth.error.password.current' : 'account.delete.reauth';
}

/**
 * Deletes the account (see the module's note). Answers the orders whose renewal is to be stopped at WayForPay now
 * (the caller asks after the response; the reconciliation retries what is not confirmed).
 */
export async function deleteAccount(
  userId: string,
  sessionId: string,
  password: string | undefined,
  lang: Lang,
): Promise<{ ok: true; stopOrders: string[] } | { ok: false; error: DeleteRefusal }> {
  const refused = await holderShown(userId, sessionId, password);
  if (refused) return { ok: false, error: refused };
  return (await db()).transaction(async (tx) => {
    const [user] = await tx.query<{ email: string; verified: boolean }>(
      'SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = $1 FOR UPDATE',
      [userId],
    );
    if (!user) return { ok: false as const, error: 'auth.error.unauthenticated' as const };
    const live = await tx.query<{ order_reference: string }>(
      `UPDATE payments o SET stop_requested_at = COALESCE(o.stop_requested_at, now()), updated_at = now()
       WHERE o.user_id = $1 AND ${LIVE_SCHEDULE_SQL} RETURNING o.order_reference`,
      [userId],
    );
    const stopPending = await tx.query<{ order_reference: string }>(
      `SELECT order_reference FROM payments WHERE user_id = $1 AND stop_requested_at IS NOT NULL AND stop_confirmed_at IS NULL`,
      [userId],
    );
    // Certificates withdrawn, sheets retired: digests only.
    for (const [table, kind] of [
      ['test_results', 'iq'],
      ['professional_test_results', 'professional'],
    ] as const)
      await tx.query(
        `INSERT INTO withdrawn_results (code_hash, sheet_hash, kind)
         SELECT encode(sha256(convert_to(verification_code, 'UTF8')), 'hex'),
                encode(sha256(convert_to(submission_key, 'UTF8')), 'hex'), $2
         FROM ${table} WHERE user_id = $1
         ON CONFLICT (code_hash) DO NOTHING`,
        [userId, kind],
      );
    // Payment records stay for the accountants, naming nobody.
    await tx.query(
      `UPDATE payment_charges SET provider_payload = unlinked_payload(provider_payload),
         reversal_payload = unlinked_payload(reversal_payload)
       WHERE order_reference IN (SELECT order_reference FROM payments WHERE user_id = $1)`,
      [userId],
    );
    await tx.query(
      `UPDATE payments SET user_id = NULL, client_name = '', client_phone = '', test_result_id = NULL,
         provider_payload = unlinked_payload(provider_payload), updated_at = now()
       WHERE user_id = $1`,
      [userId],
    );
    // The mailing list: every address of the account's any notification carried there is deleted from it (one
    // never delivered is deleted too: a delivery may be under way). Then every queued row naming the person goes.
    const listed = await tx.query<{ email: string }>(
      `SELECT DISTINCT lower(a.email) AS email FROM outbox o
         CROSS JOIN LATERAL (VALUES (o.payload->>'email'), (o.payload->>'newEmail')) AS a(email)
       WHERE o.kind = 'mailchimp' AND o.payload->'mergeFields'->>'USER_ID' = $1::text AND a.email IS NOT NULL`,
      [userId],
    );
    const addresses = await tx.query<{ email: string }>(
      `SELECT email FROM users WHERE id = $1 UNION SELECT email FROM user_profiles WHERE id = $1
       UNION SELECT email FROM email_tokens WHERE user_id = $1`,
      [userId],
    );
    await tx.query(
      `DELETE FROM outbox WHERE payload->'mergeFields'->>'USER_ID' = $1::text OR payload->'data'->>'userId' = $1::text
         OR lower(payload->>'to') = ANY ($2::text[]) OR lower(payload->>'email') = ANY ($2::text[])`,
      [userId, [...addresses, ...listed].map((a) => a.email.toLowerCase())],
    );
    for (const { email } of listed)
      await enqueueNotification(tx, 'mailchimp', { action: 'delete', email, forget: true });
    // The counts kept about the person go too (issue 44): those keyed by the account (settings, claims, promo,
    // scoring…) and the sign-in and reset counts of its address (keyed by an HMAC of it, address-keys.ts). Not the
    // mail sent to an address: that count protects the mailbox, whoever owns an account, and names no one; deleting it
    // would let sign-up, three mails and deletion start a stranger's count again. A count a racing request writes
    // after this statement goes with the housekeeping (purgeOrphanCounts).
    const own = addressKey(user.email);
    await tx.query(`DELETE FROM rate_limits WHERE strpos(key, $1::text) > 0 OR key = ANY ($2::text[])`, [
      userId,
      [`reset:email:${own}`, `signin:account:${own}`],
    ]);
    await tx.query('DELETE FROM users WHERE id = $1', [userId]);
    // The last mail: to an address never confirmed (maybe a stranger's, signed up by someone else), only within the
    // mailbox's hourly budget (mail-budget.ts), so signing up and deleting cannot flood it.
    if (user.verified || (await takeRecipientTurn(tx, user.email)).ok)
      await enqueueMail(tx, { template: 'account-deleted', lang, to: user.email, params: {}, forget: true });
    return {
      ok: true as const,
      stopOrders: [...new Set([...live, ...stopPending].map((o) => o.order_reference))],
    };
  });
}
