import type { Config } from '@netlify/functions';
import * as tests from '../../src/api/tests.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { resolveIqSheet } from '../../src/lib/server/sitting-sheets.ts';
import { visitorId } from '../../src/lib/server/visitor.ts';
import { iqScoringLimits, scoreAndSave, scoreIq } from '../../src/lib/server/scoring.ts';

/**
 * Scores a complete IQ answer sheet of a sitting the server served to this browser (its token maps clicked places to
 * options), once, on the server (rate-limited: the teaser's count must not recover a key), and returns the result at
 * the caller's access: a visitor's with a signed token to claim it once, a signed-in user's saved, with its id (and,
 * for a subscriber shown the form's worked answers, that fact recorded in the same statement: scoring.ts). Either way
 * the sheet's responses are kept for calibration after the answer, without the taker's identity (responses.ts).
 */
export default endpoint(tests.iqScore, async ({ req, context, lang, user, body }) => {
  const browser = visitorId(req);
  const sheet = resolveIqSheet(body, browser);
  if (!sheet.ok) return refuse(sheet.error);
  const outcome = await scoreAndSave(sheet.input, scoreIq, {
    lang,
    user,
    limits: iqScoringLimits(sheet.input, context.ip, user?.id),
    onQueued: () => context.waitUntil(deliverOutboxSoon()),
    waitUntil: (work) => context.waitUntil(work),
    sitting: { seed: sheet.seed, visitorId: browser },
  });
  if (!outcome.ok) return refuse(outcome.error, { retryAfterSeconds: outcome.retryAfterSeconds });
  const { ok: _ok, ...answer } = outcome;
  return answer;
});

export const config: Config = { path: '/api/tests/iq/score', method: 'POST' };
