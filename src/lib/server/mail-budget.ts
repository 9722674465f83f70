/**
 * No one can make us flood an address (issue 44, point 2). Every mail to an address that has not proven it is
 * someone's — sign-up's confirmation, "send again", a change of address's confirmation, a reset link — counts against
 * its recipient: at most MAIL_PER_RECIPIENT an hour, whoever asks and from however many accounts or client addresses.
 * The one exception is the owner's own reset from a browser that has signed in to the account (its signed device
 * cookie, device.ts): strangers' requests never refuse it (password-reset.ts), and it is counted apart, per device.
 *
 * The count is keyed by an HMAC of the normalised address (address-keys.ts), so rate_limits never holds an address in
 * plain text, and is taken in the same transaction as the mail it allows (the outbox row): a mail refused is never
 * queued, a mail queued was counted.
 */
import type { Queryable } from './db.ts';
import { addressKey } from './address-keys.ts';
import { countAttempts, refusedUntil, scaledLimit, type Limit, type LimitCheck } from './rate-limit.ts';

export const MAIL_PER_RECIPIENT = 3;
const HOUR = 60 * 60_000;

/** The recipient's budget: its key names no address (address-keys.ts). */
export const recipientLimit = (address: string): Limit => ({
  key: `mail:to:${addressKey(address)}`,
  max: MAIL_PER_RECIPIENT,
  windowMs: HOUR,
});

/** Counts one mail to `address` and says whether it may go (or how long until one may). */
export async function takeRecipientTurn(q: Queryable, address: string): Promise<LimitCheck> {
  const limit = scaledLimit(recipientLimit(address));
  const [row] = await countAttempts(q, [{ key: limit.key, windowMs: limit.windowMs, n: 1 }]);
  return row && row.count > limit.max ? refusedUntil(row.windowStart.getTime() + limit.windowMs) : { ok: true };
}
