/** A new session's answer: the session and hint cookies, and the device cookie the sign-in throttling trusts. */
import type { SignedIn } from '../../api/auth.ts';
import { addResponseCookies } from './response-cookies.ts';
import { sessionCookies } from './session.ts';
import { deviceCookie } from './device.ts';

export function signedIn(req: Request, session: { userId: string; token: string; expiresAt: Date }): SignedIn {
  addResponseCookies(req, [
    ...sessionCookies(req, session.token, session.expiresAt),
    deviceCookie(req, session.userId),
  ]);
  return { ok: true, userId: session.userId };
}
