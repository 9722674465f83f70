import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { z } from 'zod';
import { langField, fullNameField, nameRefusal, phoneField } from '../../src/lib/server/fields.ts';
import { invalidBody, json, jsonError, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { createCheckout } from '../../src/lib/server/payments/payments.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

const Body = z.object({
  fullName: fullNameField,
  phone: phoneField,
  testType: z.enum(['iq', 'professional']).optional(),
  testResultId: z.uuid().optional(),
  lang: langField,
});

/** Starts a purchase: an order row, then either WayForPay widget parameters signed here or the local test page. */
export default secured(
  refusingMisconfiguration(async (req: Request, _context: Context) => {
    const request = await parseRequest(req, {
      auth: 'required',
      body: Body,
      maxBytes: 4 * 1024,
      // The name and the phone have messages of their own.
      invalid: (issues, lang) =>
        nameRefusal(issues, lang, () => {
          const field = issues[0]?.path[0];
          return field === 'fullName' || field === 'phone'
            ? jsonError(400, `payment.error.${field}`, lang)
            : invalidBody(issues, lang);
        }),
    });
    if (!request.ok) return request.response;
    const { user, lang, body } = request;
    const outcome = await createCheckout({ ...body, userId: user.id, email: user.email, lang });
    if (!outcome.ok) return refusal(outcome.error, lang, { retryAfterSeconds: outcome.retryAfterSeconds });
    return json(outcome.checkout, { status: 201 });
  }),
);

export const config: Config = { path: '/api/payments/checkout', method: 'POST' };
