import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { addResponseCookies, takeResponseCookies } from '../../src/lib/server/response-cookies.ts';
import { clearedSessionCookies, invalidateSession } from '../../src/lib/server/session.ts';

/** Ends the session: the row is deleted and the cookies cleared. */
export default endpoint(auth.signOut, async ({ req, session }) => {
  if (session) await invalidateSession(session.id);
  // Not the session's slid expiry read on the way in: the cookies are cleared.
  takeResponseCookies(req);
  addResponseCookies(req, clearedSessionCookies(req));
  return { ok: true };
});

export const config: Config = { path: '/api/auth/signout', method: 'POST' };
