import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { accessOf } from '../../src/lib/server/subscription.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { listResults } from '../../src/lib/server/results.ts';

/** The signed-in user's history of one test, newest first (details only with premium). */
export default secured(async (req: Request) => {
  const lang = requestLang(req);
  const type = new URL(req.url).searchParams.get('type');
  if (type !== 'iq' && type !== 'professional') return jsonError(400, 'results.error.type', lang);
  const request = await parseRequest(req, { auth: 'required' });
  if (!request.ok) return request.response;
  const access = accessOf(request.user);
  return json({ type, access, items: await listResults(type, request.user.id, lang, access) });
});

export const config: Config = { path: '/api/results', method: 'GET' };
