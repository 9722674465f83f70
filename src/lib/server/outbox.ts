/**
 * The outbox (DESIGN.md §5): notifications are rows written in the same transaction as the event that causes
 * them, so they are never lost and never sent for something that rolled back. Delivery happens after the
 * response, with retries; a user's flow never waits for it.
 */
import type { Queryable } from './db.ts';
import { detached } from './database/statements.ts';
import { supportedIq } from '../../domain/achievements.ts';
import type { QueuedMail } from './mail/send.ts';

export type NotificationKind = 'telegram' | 'mailchimp' | 'mail';

export async function enqueueNotification(
  q: Queryable,
  kind: NotificationKind,
  payload: Record<string, unknown>,
): Promise<void> {
  await q.query('INSERT INTO outbox (kind, payload) VALUES ($1, $2)', [kind, JSON.stringify(payload)]);
}

/** A transactional mail (mail/send.ts), written with the event that causes it and sent after the response. */
export async function enqueueMail(q: Queryable, mail: QueuedMail): Promise<void> {
  await enqueueNotification(q, 'mail', { ...mail });
}

/**
 * The mailing-list payloads (Mailchimp subscriber: email, names, tags, merge fields — spec part 2), all here. They
 * are written only for users who asked for the list at sign-up (user_profiles.mailing_consent_at). Merge fields go
 * by the spec's names; notify/mailchimp.ts (MERGE_TAGS) turns the longer ones into Mailchimp's 10-character tags.
 */
const today = () => new Date().toISOString().slice(0, 10);
/** What a mailing needs of an IQ reading: its estimate and its bound, and whether a caution leads it. */
type MailedReading = {
  iqEstimate: number;
  iqBound?: 'above' | 'below' | null;
  iqBoundAt?: number | null;
  cautioned?: boolean;
};
/**
 * The IQ a mailing may state: the number, X of "above X"; none for "below Y" (its figure is an upper limit), and none
 * for a reading a behaviour caution leads (rushed, a pattern, misfit, key seen): its page gives it no band either.
 */
export const mailedIqScore = (reading: MailedReading): number | null => {
  if (reading.cautioned) return null;
  const least = supportedIq({ iqScore: reading.iqEstimate, ...reading });
  return Number.isFinite(least) ? least : null;
};

export const mailingPayloads = {
  registration: (userId: string, email: string, fullName: string) => ({
    email,
    firstName: fullName.split(' ')[0] ?? '',
    lastName: fullName.split(' ').slice(1).join(' '),
    tags: ['new_user', 'registration'],
    mergeFields: { USER_ID: userId, SIGNUP_DATE: today() },
  }),
  /**
   * Tags and merge fields of a saved test (the email and USER_ID are joined in by the saving statement). An IQ is
   * given as its result page states it (mailedIqScore): a mail the list sends must not claim more than the page.
   */
  testResult: (result: ({ kind: 'iq' } & MailedReading) | { kind: 'professional'; personalityType: string }) => {
    if (result.kind !== 'iq')
      return {
        tags: [] as string[],
        mergeFields: { LAST_TEST: 'professional', PERSONALITY: result.personalityType, TEST_DATE: today() },
      };
    const score = mailedIqScore(result);
    return {
      tags: (score ?? 0) >= 130 ? ['high_iq'] : (score ?? 0) >= 110 ? ['above_average_iq'] : [],
      mergeFields: { LAST_TEST: 'iq', ...(score === null ? {} : { IQ_SCORE: score }), TEST_DATE: today() },
    };
  },
  /**
   * The confirmation mail's facts (a Mailchimp automation writes it): it renews monthly at the price until cancelled.
   * The email, USER_ID and NEXT_CHARGE are joined in by the applying statement (apply_charge_status).
   */
  purchase: (charge: { reference: string; amount: number; currency: string }) => ({
    tags: ['premium', 'subscriber'],
    mergeFields: {
      SUBSCRIPTION_DATE: today(),
      SUBSCRIBER_STATUS: 'active',
      PAYMENT_ID: charge.reference,
      RENEWAL: `monthly, ${charge.amount} ${charge.currency}, until cancelled`,
    },
  }),
};

const MAX_ATTEMPTS = 8;
const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** attempts);

const BATCH = 20;
let running: Promise<unknown> | null = null;
let again = false;

/**
 * Delivers what is due, at most one run at a time per process: a call while a run is under way asks for one more
 * run after it instead of starting another (busy endpoints call this after every response).
 */
export function deliverOutboxSoon(): Promise<unknown> {
  if (running) {
    again = true;
    return running;
  }
  // Background work: no request's statement tally (database/statements.ts) is its.
  running = detached(async () => {
    let full = false;
    do {
      again = false;
      // A full batch means more may be waiting: keep going until the queue is drained.
      const counts = await deliverOutbox(BATCH).catch(
        (err) => (console.error('[outbox]', (err as Error).message), null),
      );
      full = Boolean(counts && counts.delivered + counts.skipped + counts.failed >= BATCH);
    } while (again || full);
  }).finally(() => {
    running = null;
  });
  return running;
}

/**
 * Delivers due notifications: each row is leased (so two workers never send it twice), sent, and marked
 * delivered, skipped (no keys configured) or rescheduled with backoff; after 8 failures it stays failed.
 */
export async function deliverOutbox(limit = 20): Promise<{ delivered: number; skipped: number; failed: number }> {
  const { db } = await import('./db.ts');
  const { addToMailingList, changeListAddress, removeFromMailingList } = await import('./notify/mailchimp.ts');
  const { sendChatNotification } = await import('./notify/telegram.ts');
  const { sendMail } = await import('./mail/send.ts');
  const database = await db();
  const rows = await database.query<{
    id: string;
    kind: NotificationKind;
    payload: Record<string, unknown>;
    attempts: number;
  }>(
    `UPDATE outbox SET next_attempt_at = now() + interval '2 minutes'
     WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, payload, attempts`,
    [limit],
  );
  const counts = { delivered: 0, skipped: 0, failed: 0 };
  for (const row of rows) {
    const outcome =
      row.kind === 'mailchimp'
        ? row.payload.action === 'delete'
          ? await removeFromMailingList(String(row.payload.email ?? ''))
          : row.payload.action === 'change-address'
            ? await changeListAddress(String(row.payload.email ?? ''), String(row.payload.newEmail ?? ''))
            : await addToMailingList(row.payload as never)
        : row.kind === 'mail'
          ? await sendMail(row.payload as never)
          : await sendChatNotification(row.payload as never);
    if (outcome.status === 'failed') {
      counts.failed++;
      const attempts = row.attempts + 1;
      await database.query(
        `UPDATE outbox SET attempts = $2, last_error = $3, status = $4, next_attempt_at = now() + make_interval(secs => $5) WHERE id = $1`,
        [row.id, attempts, outcome.error, attempts >= MAX_ATTEMPTS ? 'failed' : 'pending', backoffSeconds(attempts)],
      );
    } else {
      counts[outcome.status]++;
      // A sent mail's parameters (its one-time link) are not kept: the token is good only in the mail. A row that
      // asks to be forgotten (a deleted account's) keeps no address either.
      await database.query(
        `UPDATE outbox SET status = $2, attempts = attempts + 1, delivered_at = now(), last_error = $3,
           payload = CASE WHEN payload->>'forget' = 'true' THEN payload - 'params' - 'to' - 'email'
             WHEN kind = 'mail' THEN payload - 'params' ELSE payload END WHERE id = $1`,
        [row.id, outcome.status, outcome.status === 'skipped' ? outcome.reason : null],
      );
    }
  }
  return counts;
}

/** How long a sent (or skipped) notification's row is kept, and one that could not be delivered (for a look at why). */
export const OUTBOX_KEEP_DAYS = { sent: 30, failed: 90 } as const;

/**
 * Deletes rows whose time is up (privacy policy, "Retention"): they hold copies of a person's address and name. Run
 * with every scheduled delivery; answers how many went.
 */
export async function purgeOutbox(): Promise<number> {
  const { db } = await import('./db.ts');
  const gone = await (
    await db()
  ).query(
    `DELETE FROM outbox WHERE (status IN ('delivered', 'skipped') AND delivered_at < now() - make_interval(days => $1))
       OR (status = 'failed' AND created_at < now() - make_interval(days => $2)) RETURNING 1`,
    [OUTBOX_KEEP_DAYS.sent, OUTBOX_KEEP_DAYS.failed],
  );
  return gone.length;
}
