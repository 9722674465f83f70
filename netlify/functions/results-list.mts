import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { accessForUser } from '../../src/lib/server/access.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { json, jsonError, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { listResults } from '../../src/lib/server/results.ts';

/** The signed-in user's history of one test, newest first (details only with premium). */
export default secured(async (req: Request) => {
  const lang = requestLang(req);
  const type = new URL(req.url).searchParams.get('type');
  if (type !== 'iq' && type !== 'professional') return jsonError(400, 'results.error.type', lang);
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  const access = await accessForUser(user.id);
  return json({ type, access, items: await listResults(type, user.id, lang, access) });
});

export const config: Config = { path: '/api/results', method: 'GET' };
