import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { z } from 'zod';
import { langField } from '../../src/lib/server/fields.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { claimToken, type Claim } from '../../src/lib/server/scoring.ts';
import { consumeAll, LIMITS } from '../../src/lib/server/rate-limit.ts';

const Body = z.object({
  tokens: z.array(z.string().min(1).max(8192)).min(1).max(10),
  lang: langField,
});

/**
 * Saves a visitor's results into the signed-in account from the signed tokens the scoring calls gave them.
 * The server re-scores what it signed; a token is consumed by its first claim (results-saving.ts). Limited per user
 * (each token costs a statement or two); a save that fails is a 503 to retry, like scoring's.
 */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'required', body: Body, maxBytes: 64 * 1024 });
  if (!request.ok) return request.response;
  const { user, lang, body } = request;
  const limited = await consumeAll([LIMITS.claim(user.id)]);
  if (!limited.ok) return refusal('auth.error.rate_limited', lang, { retryAfterSeconds: limited.retryAfterSeconds });
  let outcomes: Claim[];
  try {
    outcomes = await Promise.all(body.tokens.map((token) => claimToken(token, user.id)));
  } catch (err) {
    console.error('[claim] save failed:', (err as Error).message);
    return refusal('score.error.save_failed', lang);
  }
  if (outcomes.some((o) => o.ok && o.queued)) context.waitUntil(deliverOutboxSoon());
  if (outcomes.every((o) => !o.ok)) return refusal(outcomes[0].ok ? 'token.error.invalid' : outcomes[0].error, lang);
  return json({ claimed: outcomes.map((o) => (o.ok ? { kind: o.kind, id: o.id } : { error: o.error })) });
});

export const config: Config = { path: '/api/results/claim', method: 'POST' };
