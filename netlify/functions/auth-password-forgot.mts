import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { ownersBrowser, requestReset } from '../../src/lib/server/password-reset.ts';
import { consumeAll, LIMITS } from '../../src/lib/server/rate-limit.ts';
import { normalizeEmail } from '../../src/lib/server/users.ts';
import { knownDevice } from '../../src/lib/server/device.ts';

/**
 * "Forgot password?" (issue 30, point 3): 200 at once for any address; the mail happens after the response
 * (password-reset.ts), so the answer and its timing are the same whether or not an account has it. Ten an hour per
 * client address, and three per address asked about — but the owner's own browser (its signed device cookie names
 * the account, whose address is confirmed) counts apart, three an hour per that browser, so strangers' requests,
 * from anywhere or from the owner's own network, never refuse it (issue 44). No stranger holds such a cookie, so
 * what a stranger is answered says nothing about whether the address is an account's.
 */
export default endpoint(auth.forgotPassword, async ({ req, body, context }) => {
  const email = normalizeEmail(body.email);
  const device = knownDevice(req);
  const owner = device !== null && (await ownersBrowser(device, email));
  const limited = await consumeAll(
    owner ? [LIMITS.resetDevice(device.deviceId)] : [LIMITS.resetIp(context.ip), LIMITS.resetEmail(email)],
  );
  if (!limited.ok) return refuse('auth.error.rate_limited', { retryAfterSeconds: limited.retryAfterSeconds });
  context.waitUntil(
    requestReset(body.email, body.lang, owner ? device : null)
      .then(() => deliverOutboxSoon())
      .catch((err) => console.error('[password/forgot]', (err as Error).message)),
  );
  return { ok: true as const };
});

export const config: Config = { path: '/api/auth/password/forgot', method: 'POST' };
