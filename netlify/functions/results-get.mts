import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { accessForUser } from '../../src/lib/server/access.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { json, jsonError, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { resultForOwner } from '../../src/lib/server/results.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One saved result, for its owner only (anyone else: not found), full or teaser by access, in ?lang. */
export default secured(async (req: Request, context: Context) => {
  const lang = requestLang(req);
  const { kind, id } = context.params;
  if ((kind !== 'iq' && kind !== 'professional') || !UUID.test(id)) return jsonError(404, 'results.error.not_found', lang);
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  const found = await resultForOwner(kind, id, user.id, lang, await accessForUser(user.id));
  if (!found) return jsonError(404, 'results.error.not_found', lang);
  return json(found);
});

export const config: Config = { path: '/api/results/:kind/:id', method: 'GET' };
