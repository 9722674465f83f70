import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { z } from 'zod';
import { langField } from '../../src/lib/server/fields.ts';
import { json, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { claimToken } from '../../src/lib/server/scoring.ts';

const Body = z.object({
  tokens: z.array(z.string().min(1).max(8192)).min(1).max(10),
  lang: langField,
});

/**
 * Saves a visitor's results into the signed-in account from the signed tokens the scoring calls gave them.
 * The server re-scores what it signed; the same token saves once however often it is claimed.
 */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'required', body: Body, maxBytes: 64 * 1024 });
  if (!request.ok) return request.response;
  const { user, lang, body } = request;
  const outcomes = await Promise.all(body.tokens.map((token) => claimToken(token, user.id)));
  if (outcomes.some((o) => o.ok && o.queued)) context.waitUntil(deliverOutboxSoon());
  if (outcomes.every((o) => !o.ok)) return refusal(outcomes[0].ok ? 'token.error.invalid' : outcomes[0].error, lang);
  return json({ claimed: outcomes.map((o) => (o.ok ? { kind: o.kind, id: o.id } : { error: o.error })) });
});

export const config: Config = { path: '/api/results/claim', method: 'POST' };
