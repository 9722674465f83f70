import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { accessOf } from '../../src/domain/access.ts';
import { rescoreToken } from '../../src/lib/server/scoring.ts';
import { verifyResultToken } from '../../src/lib/server/tokens.ts';
import { markReviewSeenLater } from '../../src/lib/server/results.ts';
import { detached } from '../../src/lib/server/database/statements.ts';

/**
 * A visitor's result again, from the signed token the scoring call returned: after a reload, or in the other
 * language. A token the server did not sign, or one that has expired, is refused.
 */
export default endpoint(results.fromToken, async ({ user, lang, body, context }) => {
  const check = verifyResultToken(body.token);
  if (!check.ok) return refuse(check.error);
  const access = accessOf(user);
  const scored = await rescoreToken(check.payload, lang, access);
  if (!scored.ok) return refuse('token.error.invalid');
  if (user && access === 'full' && scored.kind === 'iq')
    context.waitUntil(detached(() => markReviewSeenLater(user.id, scored.sheet.formId)));
  return { result: scored.result, token: body.token };
});

export const config: Config = { path: '/api/results/from-token', method: 'POST' };
