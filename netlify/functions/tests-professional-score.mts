import type { Config } from '@netlify/functions';
import * as tests from '../../src/api/tests.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { resolveCareerSheet } from '../../src/lib/server/sitting-sheets.ts';
import { visitorId } from '../../src/lib/server/visitor.ts';
import { careerScoringLimits, scoreAndSave, scoreCareer } from '../../src/lib/server/scoring.ts';

/**
 * Scores a complete career answer sheet of a sitting the server served to this browser (its token maps the sitting's
 * ids to statements), once, on the server (rate-limited like IQ scoring), and returns the result at the caller's
 * access: a visitor's with a signed token to claim it once, a signed-in user's saved, with its id.
 */
export default endpoint(tests.careerScore, async ({ req, context, lang, user, body }) => {
  const sheet = resolveCareerSheet(body, visitorId(req));
  if (!sheet.ok) return refuse(sheet.error);
  const outcome = await scoreAndSave(sheet.input, scoreCareer, {
    lang,
    user,
    limits: careerScoringLimits(context.ip, user?.id),
    onQueued: () => context.waitUntil(deliverOutboxSoon()),
    waitUntil: (work) => context.waitUntil(work),
  });
  if (!outcome.ok) return refuse(outcome.error, { retryAfterSeconds: outcome.retryAfterSeconds });
  const { ok: _ok, ...answer } = outcome;
  return answer;
});

export const config: Config = { path: '/api/tests/professional/score', method: 'POST' };
