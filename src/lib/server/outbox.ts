/**
 * The outbox (DESIGN.md §5): notifications are rows written in the same transaction as the event that causes
 * them, so they are never lost and never sent for something that rolled back. Delivery happens after the
 * response, with retries; a user's flow never waits for it.
 */
import type { Queryable } from './db.ts';

export type NotificationKind = 'telegram' | 'mailchimp';

export async function enqueueNotification(q: Queryable, kind: NotificationKind, payload: Record<string, unknown>): Promise<void> {
  await q.query('INSERT INTO outbox (kind, payload) VALUES ($1, $2)', [kind, JSON.stringify(payload)]);
}
