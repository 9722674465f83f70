import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { resolveCareerSheet } from '../../src/lib/server/sitting-sheets.ts';
import { visitorId } from '../../src/lib/server/visitor.ts';
import {
  CareerScoreRequest,
  careerScoringLimits,
  scoreAndSave,
  scoreCareer,
  SCORE_BODY_LIMIT,
} from '../../src/lib/server/scoring.ts';

/**
 * Scores a complete career answer sheet of a sitting the server served to this browser (its token maps the sitting's
 * ids to statements), once, on the server (rate-limited like IQ scoring), and returns the result at the caller's
 * access: a visitor's with a signed token to claim it once, a signed-in user's saved, with its id.
 */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'optional', body: CareerScoreRequest, maxBytes: SCORE_BODY_LIMIT });
  if (!request.ok) return request.response;
  const sheet = resolveCareerSheet(request.body, visitorId(req));
  if (!sheet.ok) return refusal(sheet.error, request.lang);
  const outcome = await scoreAndSave(sheet.input, scoreCareer, {
    lang: request.lang,
    user: request.user,
    limits: careerScoringLimits(context.ip, request.user?.id),
    onQueued: () => context.waitUntil(deliverOutboxSoon()),
    waitUntil: (work) => context.waitUntil(work),
  });
  if (!outcome.ok) return refusal(outcome.error, request.lang, { retryAfterSeconds: outcome.retryAfterSeconds });
  const { ok: _ok, ...answer } = outcome;
  return json(answer);
});

export const config: Config = { path: '/api/tests/professional/score', method: 'POST' };
