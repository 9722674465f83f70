import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { accessOf } from '../../src/lib/server/subscription.ts';
import { isUuid, json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { markReviewSeenLater, resultForOwner } from '../../src/lib/server/results.ts';
import { detached } from '../../src/lib/server/database/statements.ts';

/**
 * One saved result, for its owner only (anyone else: not found), full or teaser by access, in ?lang. Showing a
 * subscriber an IQ result's worked answers records that they have seen that form's key.
 */
export default secured(async (req: Request, context: Context) => {
  const lang = requestLang(req);
  const { kind, id } = context.params;
  if ((kind !== 'iq' && kind !== 'professional') || !isUuid(id)) return jsonError(404, 'results.error.not_found', lang);
  const request = await parseRequest(req, { auth: 'required' });
  if (!request.ok) return request.response;
  const access = accessOf(request.user);
  const found = await resultForOwner(kind, id, request.user.id, lang, access);
  if (!found) return jsonError(404, 'results.error.not_found', lang);
  const { formId, ...answer } = found;
  // The full IQ result shows the form's worked answers: a retake is then served another form (tests-iq-form).
  if (access === 'full' && formId !== undefined) {
    const userId = request.user.id;
    context.waitUntil(detached(() => markReviewSeenLater(userId, formId)));
  }
  return json(answer);
});

export const config: Config = { path: '/api/results/:kind/:id', method: 'GET' };
