import type { Config } from '@netlify/functions';
import { resultAccess } from '../../src/lib/server/access.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang } from '../../src/lib/server/http.ts';
import { IqScoreRequest, SCORE_BODY_LIMIT, scoreIq } from '../../src/lib/server/scoring.ts';

/** Scores a complete answer sheet on the server and returns the result at the caller's access, with a signed token. */
export default async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const body = await readJson(req, SCORE_BODY_LIMIT);
  if (!body.ok) return body.response;
  const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
  const parsed = IqScoreRequest.safeParse(body.value);
  if (!parsed.success) return invalidBody(parsed.error.issues, lang);
  const scored = scoreIq(parsed.data, lang, await resultAccess(req));
  if (!scored.ok) return jsonError(422, scored.error, lang);
  return json({ result: scored.result, token: scored.token });
};

export const config: Config = { path: '/api/tests/iq/score', method: 'POST' };
