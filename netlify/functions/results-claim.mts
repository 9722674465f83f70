import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { z } from 'zod';
import { currentUser } from '../../src/lib/server/auth.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang, unauthenticated } from '../../src/lib/server/http.ts';
import { claimToken } from '../../src/lib/server/scoring.ts';

const Body = z.object({ tokens: z.array(z.string().min(1).max(8192)).min(1).max(10), lang: z.enum(['uk', 'en']).optional() });

/**
 * Saves a visitor's results into the signed-in account from the signed tokens the scoring calls gave them.
 * The server re-scores what it signed; the same token saves once however often it is claimed.
 */
export default secured(async (req: Request, context: Context) => {
  const refused = crossSiteRefusal(req);
  if (refused) return refused;
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  const body = await readJson(req, 64 * 1024);
  if (!body.ok) return body.response;
  const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
  const parsed = Body.safeParse(body.value);
  if (!parsed.success) return invalidBody(parsed.error.issues, lang);
  const outcomes = await Promise.all(parsed.data.tokens.map((token) => claimToken(token, user.id, parsed.data.lang ?? lang)));
  context.waitUntil(deliverOutboxSoon());
  if (outcomes.every((o) => !o.ok)) return jsonError(400, outcomes[0].ok ? 'token.error.invalid' : outcomes[0].error, lang);
  return json({ claimed: outcomes.map((o) => (o.ok ? { kind: o.kind, id: o.id } : { error: o.error })) });
});

export const config: Config = { path: '/api/results/claim', method: 'POST' };
