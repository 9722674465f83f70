import type { Config } from '@netlify/functions';
import * as payments from '../../src/api/payments.ts';
import { endpoint, refuse, reply } from '../../src/lib/server/endpoint.ts';
import { nameRefusal } from '../../src/lib/server/fields.ts';
import { invalidBody, jsonError } from '../../src/lib/server/http.ts';
import { createCheckout } from '../../src/lib/server/payments/payments.ts';
import { renameUser } from '../../src/lib/server/users.ts';

/** Starts a purchase: an order row, then either WayForPay widget parameters signed here or the local test page. */
export default endpoint(
  payments.checkout,
  async ({ user, lang, body }) => {
    const { saveName, ...order } = body;
    const outcome = await createCheckout({ ...order, userId: user.id, email: user.email, lang });
    if (!outcome.ok) return refuse(outcome.error, { retryAfterSeconds: outcome.retryAfterSeconds });
    // The payer confirmed it: the name typed for the payment is the profile's, and the certificates' (issue 31).
    if (saveName) await renameUser(user.id, order.fullName);
    return reply(outcome.checkout, { status: 201 });
  },
  {
    // The name and the phone have messages of their own.
    invalid: (issues, lang) =>
      nameRefusal(issues, lang, () => {
        const field = issues[0]?.path[0];
        return field === 'fullName' || field === 'phone'
          ? jsonError(400, `payment.error.${field}`, lang)
          : invalidBody(issues, lang);
      }),
  },
);

export const config: Config = { path: '/api/payments/checkout', method: 'POST' };
