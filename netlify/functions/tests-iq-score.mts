import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { resolveIqSheet } from '../../src/lib/server/sitting-sheets.ts';
import { visitorId } from '../../src/lib/server/visitor.ts';
import {
  IqScoreRequest,
  iqScoringLimits,
  scoreAndSave,
  scoreIq,
  SCORE_BODY_LIMIT,
} from '../../src/lib/server/scoring.ts';

/**
 * Scores a complete IQ answer sheet of a sitting the server served to this browser (its token maps clicked places to
 * options), once, on the server (rate-limited: the teaser's count must not recover a key), and returns the result at
 * the caller's access: a visitor's with a signed token to claim it once, a signed-in user's saved, with its id (and,
 * for a subscriber shown the form's worked answers, that fact recorded in the same statement: scoring.ts).
 */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'optional', body: IqScoreRequest, maxBytes: SCORE_BODY_LIMIT });
  if (!request.ok) return request.response;
  const sheet = resolveIqSheet(request.body, visitorId(req));
  if (!sheet.ok) return refusal(sheet.error, request.lang);
  const outcome = await scoreAndSave(sheet.input, scoreIq, {
    lang: request.lang,
    user: request.user,
    limits: iqScoringLimits(sheet.input, context.ip, request.user?.id),
    onQueued: () => context.waitUntil(deliverOutboxSoon()),
    waitUntil: (work) => context.waitUntil(work),
  });
  if (!outcome.ok) return refusal(outcome.error, request.lang, { retryAfterSeconds: outcome.retryAfterSeconds });
  const { ok: _ok, ...answer } = outcome;
  return json(answer);
});

export const config: Config = { path: '/api/tests/iq/score', method: 'POST' };
