/**
 * Sitting tokens: the server's signed word for one sitting of a test — which test, which IQ form, which browser it
 * was served to (./visitor.ts), and the seed its option order (src/domain/sittings.ts) or its statement order
 * follows from. The browser holds it with the progress and sends it back with the answers; the server alone maps
 * what was clicked to what it means, and scores a sitting once (./sitting-use.ts).
 * Format: s1.<base64url JSON payload>.<base64url HMAC-SHA256>, signed with "s1." in the MAC so a sitting token can
 * never pass for a result token (v1, tokens.ts) or the reverse.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { appSecret } from './env.ts';
import type { TestKind } from '../../domain/views.ts';

/** A sitting may be resumed for two days (a test takes minutes; a tab left open overnight still finishes). */
export const SITTING_TTL_MS = 2 * 24 * 60 * 60 * 1000;
/**
 * How far two instances' clocks may disagree: a sitting signed this far "in the future" is still taken, and the time a
 * sheet's answers may claim gets as much slack (sitting-sheets.ts), so a skewed instance never shortens an honest sheet.
 */
export const CLOCK_SKEW_MS = 60_000;
/** Longer than any token we sign (about 120 characters): refused unread (the contracts' limit, src/api/tests.ts). */
import { SITTING_TOKEN_MAX } from '../../api/tests.ts';
export { SITTING_TOKEN_MAX };

/** What a token carries: readable by the browser, so it holds a nonce, not the seed. */
interface SittingPayload {
  kind: TestKind;
  /** IQ: the form served. */
  formId?: number;
  /** The browser it was served to: a keyed digest of its visitor id, so the token cannot be scored from another. */
  holder: string;
  /** IQ: served although the user had seen the worked answers of every form within the year (they were told). */
  reviewed?: boolean;
  nonce: string;
  issuedAt: number;
}
/** A sitting as the server uses it: the seed is derived from the nonce with the server secret. */
export interface Sitting extends SittingPayload {
  seed: number;
}

const PREFIX = 's1';
const mac = (body: string, secret: string) =>
  createHmac('sha256', secret).update(`${PREFIX}.${body}`).digest('base64url');

/** The order's seed: keyed, so a browser that reads its token cannot work out the order from it. */
const seedOf = (nonce: string, secret: string) =>
  createHmac('sha256', secret).update(`seed.${nonce}`).digest().readUInt32BE(0);

/** Whose a sitting is: a digest of the visitor id, keyed so the token (readable) does not carry the cookie's value. */
export const holderOf = (visitorId: string, secret = appSecret()): string =>
  createHmac('sha256', secret).update(`holder.${visitorId}`).digest('base64url').slice(0, 22);

export function newSitting(
  kind: TestKind,
  visitorId: string,
  options: { formId?: number; reviewed?: boolean } = {},
  now = Date.now(),
  secret = appSecret(),
): Sitting {
  const nonce = randomBytes(12).toString('base64url');
  return {
    kind,
    ...(options.formId === undefined ? {} : { formId: options.formId }),
    holder: holderOf(visitorId, secret),
    ...(options.reviewed ? { reviewed: true } : {}),
    nonce,
    issuedAt: now,
    seed: seedOf(nonce, secret),
  };
}

export function signSitting({ seed: _seed, ...payload }: Sitting, secret = appSecret()): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${PREFIX}.${body}.${mac(body, secret)}`;
}

/**
 * The sitting a token names, if it is ours, of this test, served to this browser (its visitor id) and not expired;
 * otherwise null.
 */
export function verifySitting(
  token: string,
  kind: TestKind,
  visitorId: string | null,
  now = Date.now(),
  secret = appSecret(),
): Sitting | null {
  if (token.length > SITTING_TOKEN_MAX) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX || !parts[1] || !parts[2]) return null;
  const expected = Buffer.from(mac(parts[1], secret));
  const given = Buffer.from(parts[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let payload: SittingPayload;
  try {
    payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (payload?.kind !== kind || typeof payload.nonce !== 'string' || typeof payload.issuedAt !== 'number') return null;
  if (visitorId === null || payload.holder !== holderOf(visitorId, secret)) return null;
  if (payload.issuedAt > now + CLOCK_SKEW_MS || now - payload.issuedAt > SITTING_TTL_MS) return null;
  return { ...payload, seed: seedOf(payload.nonce, secret) };
}
