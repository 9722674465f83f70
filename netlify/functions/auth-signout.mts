import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import {
  clearedSessionCookies,
  invalidateSession,
  sessionFromRequest,
  withCookies,
} from '../../src/lib/server/session.ts';

/** Ends the session: the row is deleted and the cookies cleared. */
export default secured(async (req: Request) => {
  const request = await parseRequest(req, { auth: 'none' });
  if (!request.ok) return request.response;
  const { session } = await sessionFromRequest(req);
  if (session) await invalidateSession(session.id);
  return withCookies(json({ ok: true }), clearedSessionCookies(req));
});

export const config: Config = { path: '/api/auth/signout', method: 'POST' };
