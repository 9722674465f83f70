import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint, lostRace, refuse } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { claimToken, type Claim } from '../../src/lib/server/scoring.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * Saves a visitor's results into the signed-in account from the signed tokens the scoring calls gave them.
 * The server re-scores what it signed; a token is consumed by its first claim (results-saving.ts). Limited per user
 * (each token costs a statement or two); a save that fails is a 503 to retry, like scoring's.
 */
export default endpoint(
  results.claim,
  async ({ user, body, context }) => {
    let outcomes: Claim[];
    try {
      outcomes = await Promise.all(
        body.tokens.map((token) => claimToken(token, user.id, (work) => context.waitUntil(work))),
      );
    } catch (err) {
      // A race lost to the account's own deletion is answered as the account being gone (endpoint.ts).
      if (lostRace(err)) throw err;
      console.error('[claim] save failed:', (err as Error).message);
      return refuse('score.error.save_failed');
    }
    if (outcomes.some((o) => o.ok && o.queued)) context.waitUntil(deliverOutboxSoon());
    if (outcomes.every((o) => !o.ok)) return refuse(outcomes[0].ok ? 'token.error.invalid' : outcomes[0].error);
    return { claimed: outcomes.map((o) => (o.ok ? { kind: o.kind, id: o.id } : { error: o.error })) };
  },
  { limits: ({ user }) => [LIMITS.claim(user.id)] },
);

export const config: Config = { path: '/api/results/claim', method: 'POST' };
