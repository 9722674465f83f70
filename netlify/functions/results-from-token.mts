import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { z } from 'zod';
import { resultAccess } from '../../src/lib/server/access.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang } from '../../src/lib/server/http.ts';
import { rescoreToken } from '../../src/lib/server/scoring.ts';
import { verifyResultToken } from '../../src/lib/server/tokens.ts';

const Body = z.object({ token: z.string().min(1).max(8192), lang: z.enum(['uk', 'en']).optional() });

/**
 * A visitor's result again, from the signed token the scoring call returned: after a reload, or in the other
 * language. A token the server did not sign, or one that has expired, is refused.
 */
export default secured(async (req: Request) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const body = await readJson(req, 16 * 1024);
  if (!body.ok) return body.response;
  const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
  const parsed = Body.safeParse(body.value);
  if (!parsed.success) return invalidBody(parsed.error.issues, lang);
  const check = verifyResultToken(parsed.data.token);
  if (!check.ok) return jsonError(400, check.error, lang);
  const scored = await rescoreToken(check.payload, lang, await resultAccess(req));
  if (!scored.ok) return jsonError(400, 'token.error.invalid', lang);
  return json({ result: scored.result, token: parsed.data.token });
});

export const config: Config = { path: '/api/results/from-token', method: 'POST' };
