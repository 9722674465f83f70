import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { signUp } from '../../src/lib/server/auth.ts';
import { nameRefusal } from '../../src/lib/server/fields.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { signedIn } from '../../src/lib/server/signed-in.ts';

/** Creates an account (email, password ≥ 6, optional full name), signs it in, and sends the welcome notifications. */
export default endpoint(
  auth.signUp,
  async ({ req, context, body }) => {
    const outcome = await signUp(body, context.ip);
    if (!outcome.ok) return refuse(outcome.error, { retryAfterSeconds: outcome.retryAfterSeconds });
    context.waitUntil(deliverOutboxSoon());
    return signedIn(req, outcome);
  },
  { invalid: nameRefusal },
);

export const config: Config = { path: '/api/auth/signup', method: 'POST' };
