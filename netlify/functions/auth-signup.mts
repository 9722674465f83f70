import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { AuthBody, signUp } from '../../src/lib/server/auth.ts';
import { refusal } from '../../src/lib/server/http.ts';
import { nameRefusal } from '../../src/lib/server/fields.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { parseRequest, signedIn } from '../../src/lib/server/request.ts';

/** Creates an account (email, password ≥ 6, optional full name), signs it in, and sends the welcome notifications. */
export default secured(async (req: Request, context: Context) => {
  const request = await parseRequest(req, { auth: 'none', body: AuthBody, invalid: nameRefusal });
  if (!request.ok) return request.response;
  const outcome = await signUp(request.body, context.ip);
  if (!outcome.ok) return refusal(outcome.error, request.lang, { retryAfterSeconds: outcome.retryAfterSeconds });
  context.waitUntil(deliverOutboxSoon());
  return signedIn(req, outcome, 201);
});

export const config: Config = { path: '/api/auth/signup', method: 'POST' };
