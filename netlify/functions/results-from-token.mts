import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { z } from 'zod';
import { langField } from '../../src/lib/server/fields.ts';
import { accessOf } from '../../src/lib/server/subscription.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { rescoreToken } from '../../src/lib/server/scoring.ts';
import { verifyResultToken } from '../../src/lib/server/tokens.ts';
import { markReviewSeenLater } from '../../src/lib/server/results.ts';
import { detached } from '../../src/lib/server/database/statements.ts';

const Body = z.object({ token: z.string().min(1).max(8192), lang: langField });

/**
 * A visitor's result again, from the signed token the scoring call returned: after a reload, or in the other
 * language. A token the server did not sign, or one that has expired, is refused.
 */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'optional', body: Body, maxBytes: 16 * 1024 });
  if (!request.ok) return request.response;
  const { lang, body } = request;
  const check = verifyResultToken(body.token);
  if (!check.ok) return refusal(check.error, lang);
  const access = accessOf(request.user);
  const scored = await rescoreToken(check.payload, lang, access);
  if (!scored.ok) return refusal('token.error.invalid', lang);
  const user = request.user;
  if (user && access === 'full' && scored.kind === 'iq')
    context.waitUntil(detached(() => markReviewSeenLater(user.id, scored.sheet.formId)));
  return json({ result: scored.result, token: body.token });
});

export const config: Config = { path: '/api/results/from-token', method: 'POST' };
