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
import { emailKey } from '../../domain/email.ts';

export const MAIL_PER_RECIPIENT = 3;
const HOUR = 60 * 60_000;

/**
 * The mailbox an address reaches, as far as its form tells: a `+tag` reaches the same mailbox (most providers), and
 * Gmail ignores dots in its addresses and is googlemail.com too — so `victim+1@…` and `v.ictim@gmail.com` draw on
 * one budget. Only for counting mail: accounts keep the address as written.
 */
export function mailboxOf(address: string): string {
  const key = emailKey(address);
  const at = key.lastIndexOf('@');
  if (at < 1) return key;
  let local = key.slice(0, at).split('+')[0];
  let domain = key.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** The recipient's budget, per mailbox (mailboxOf); its key names no address (address-keys.ts). */
export const recipientLimit = (address: string): Limit => ({
  key: `mail:to:${addressKey(mailboxOf(address))}`,
  max: MAIL_PER_RECIPIENT,
  windowMs: HOUR,
});

/** Counts one attempt against a limit, in the caller's transaction, and says whether it may go (or until when not). */
export async function takeTurn(q: Queryable, unscaled: Limit): Promise<LimitCheck> {
  const limit = scaledLimit(unscaled);
  const [row] = await countAttempts(q, [{ key: limit.key, windowMs: limit.windowMs, n: 1 }]);
  return row && row.count > limit.max ? refusedUntil(row.windowStart.getTime() + limit.windowMs) : { ok: true };
}

/** Counts one mail to `address` and says whether it may go (or how long until one may). */
export const takeRecipientTurn = (q: Queryable, address: string): Promise<LimitCheck> =>
  takeTurn(q, recipientLimit(address));
