import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { accessOf } from '../../src/lib/server/subscription.ts';
import { isUuid, json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { resultForOwner } from '../../src/lib/server/results.ts';

/** One saved result, for its owner only (anyone else: not found), full or teaser by access, in ?lang. */
export default secured(async (req: Request, context: Context) => {
  const lang = requestLang(req);
  const { kind, id } = context.params;
  if ((kind !== 'iq' && kind !== 'professional') || !isUuid(id)) return jsonError(404, 'results.error.not_found', lang);
  const request = await parseRequest(req, { auth: 'required' });
  if (!request.ok) return request.response;
  const found = await resultForOwner(kind, id, request.user.id, lang, accessOf(request.user));
  if (!found) return jsonError(404, 'results.error.not_found', lang);
  return json(found);
});

export const config: Config = { path: '/api/results/:kind/:id', method: 'GET' };
