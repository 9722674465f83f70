import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { accessOf } from '../../src/domain/access.ts';
import { markReviewSeenLater, resultForOwner } from '../../src/lib/server/results.ts';
import { detached } from '../../src/lib/server/database/statements.ts';

/**
 * One saved result, for its owner only (anyone else: not found), full or teaser by access, in ?lang. Showing a
 * subscriber an IQ result's worked answers records that they have seen that form's key.
 */
export default endpoint(results.get, async ({ user, lang, params, context }) => {
  const access = accessOf(user);
  const found = await resultForOwner(params.kind, params.id, user.id, lang, access);
  if (!found) return refuse('results.error.not_found');
  const { formId, ...answer } = found;
  // The full IQ result shows the form's worked answers: a retake is then served another form (tests-iq-form).
  if (access === 'full' && formId !== undefined) {
    const userId = user.id;
    context.waitUntil(detached(() => markReviewSeenLater(userId, formId)));
  }
  return answer;
});

export const config: Config = { path: '/api/results/:kind/:id', method: 'GET' };
