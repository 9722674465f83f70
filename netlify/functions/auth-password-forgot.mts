import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { requestReset } from '../../src/lib/server/password-reset.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';
import { normalizeEmail } from '../../src/lib/server/users.ts';
import { knownDevice } from '../../src/lib/server/device.ts';

/**
 * "Forgot password?" (issue 30, point 3): 200 at once for any address; the lookup and the mail happen after the
 * response (password-reset.ts), so the answer and its timing are the same whether or not an account has it. Ten an
 * hour per client address, and three per address asked about — or, from a browser that has signed in to an account
 * (its signed device cookie), three per that browser: strangers' requests never refuse the owner's own (issue 44).
 */
export default endpoint(
  auth.forgotPassword,
  async ({ req, body, context }) => {
    context.waitUntil(
      requestReset(body.email, body.lang, knownDevice(req))
        .then(() => deliverOutboxSoon())
        .catch((err) => console.error('[password/forgot]', (err as Error).message)),
    );
    return { ok: true as const };
  },
  {
    limits: ({ req, body, context }) => {
      const device = knownDevice(req);
      return [
        LIMITS.resetIp(context.ip),
        device ? LIMITS.resetDevice(device.deviceId) : LIMITS.resetEmail(normalizeEmail(body.email)),
      ];
    },
  },
);

export const config: Config = { path: '/api/auth/password/forgot', method: 'POST' };
