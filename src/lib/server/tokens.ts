/**
 * Signed result tokens (DESIGN.md §3.1). A visitor's answer sheet comes back signed with the server secret, so
 * after sign-in it can be saved without trusting the browser: the server re-scores what it signed, nothing else.
 * Format: v1.<base64url JSON payload>.<base64url HMAC-SHA256>.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { appSecret } from './env.ts';
import type { Lang } from '../../i18n/paths.ts';
import type { TestKind } from '../../domain/views.ts';

export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface ResultTokenPayload {
  kind: TestKind;
  lang: Lang;
  /** The nonce of the sitting the sheet was served as (absent in tokens from before sittings): it is saved once. */
  sitting?: string;
  /** IQ only: the form taken and the reliability the reading used (absent in tokens from before forms: 0 and .75). */
  formId?: number;
  reliability?: number;
  /** IQ only: the scale the sheet was read on (absent in tokens from before item response theory: read by number right). */
  scale?: string;
  /** IQ only: served after the user had seen every form's worked answers (the reading is cautioned). */
  reviewed?: boolean;
  /** [questionId, selectedAnswer, timeSpent] per answer, and for IQ sittings the place the option was shown at. */
  answers: ([number, number | boolean, number] | [number, number | boolean, number, number])[];
  timeSpent: number;
  issuedAt: number;
  expiresAt: number;
}

const sign = (data: string, secret: string) => createHmac('sha256', secret).update(data).digest('base64url');

export function signResultToken(
  payload: Omit<ResultTokenPayload, 'issuedAt' | 'expiresAt'>,
  now = Date.now(),
  secret = appSecret(),
): string {
  const full: ResultTokenPayload = { ...payload, issuedAt: now, expiresAt: now + TOKEN_TTL_MS };
  const body = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `v1.${body}.${sign(`v1.${body}`, secret)}`;
}

export type TokenCheck =
  { ok: true; payload: ResultTokenPayload } | { ok: false; error: 'token.error.invalid' | 'token.error.expired' };

export function verifyResultToken(token: string, now = Date.now(), secret = appSecret()): TokenCheck {
  // Exactly v1.<payload>.<mac>: an appended segment would make another "token" with the same signature.
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, error: 'token.error.invalid' };
  const [version, body, mac] = parts;
  if (version !== 'v1' || !body || !mac) return { ok: false, error: 'token.error.invalid' };
  const expected = Buffer.from(sign(`v1.${body}`, secret));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, error: 'token.error.invalid' };
  let payload: ResultTokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, error: 'token.error.invalid' };
  }
  if (typeof payload.expiresAt !== 'number' || payload.expiresAt < now)
    return { ok: false, error: 'token.error.expired' };
  return { ok: true, payload };
}
