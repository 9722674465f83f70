/**
 * The browser a test is taken in: a random id in an HttpOnly cookie sent only to /api/tests, set when a sitting is
 * served. A sitting token names it (./sittings.ts), so a token copied to another browser is not scored there. It is
 * strictly necessary for the test asked for (no consent needed, named in the cookie policy), holds nothing else and
 * is kept for 30 days from the last sitting served.
 */
import { randomBytes } from 'node:crypto';
import { readCookie, setCookie } from './cookies.ts';

export const VISITOR_COOKIE = 'rozum_visitor';
const ID = /^[A-Za-z0-9_-]{22}$/;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** This browser's visitor id, when it carries a well-formed one; otherwise null. */
export function visitorId(req: Request): string | null {
  const value = readCookie(req, VISITOR_COOKIE);
  return value && ID.test(value) ? value : null;
}

/** This browser's visitor id (a new one when it has none) and the Set-Cookie header that keeps it 30 days more. */
export function visitor(req: Request): { id: string; cookie: string } {
  const id = visitorId(req) ?? randomBytes(16).toString('base64url');
  return { id, cookie: setCookie(req, VISITOR_COOKIE, id, { maxAge: MAX_AGE_SECONDS, path: '/api/tests' }) };
}
