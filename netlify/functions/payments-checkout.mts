import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { isPlainText } from '../../src/domain/text.ts';
import { z } from 'zod';
import { invalidBody, json, jsonError, refusal } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import { createCheckout } from '../../src/lib/server/payments/payments.ts';
import { refusingMisconfiguration } from '../../src/lib/server/production.ts';

const Body = z.object({
  fullName: z.string().trim().min(1).max(100).refine(isPlainText),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{9,20}$/),
  testType: z.enum(['iq', 'professional']).optional(),
  testResultId: z.uuid().optional(),
  lang: z.enum(['uk', 'en']).optional(),
});

/** Starts a purchase: an order row, then either WayForPay widget parameters signed here or the local test page. */
export default secured(
  refusingMisconfiguration(async (req: Request, _context: Context) => {
    const request = await parseRequest(req, {
      auth: 'required',
      body: Body,
      maxBytes: 4 * 1024,
      // The name and the phone have messages of their own.
      invalid: (issues, lang) => {
        const field = issues[0]?.path[0];
        return field === 'fullName' || field === 'phone'
          ? jsonError(400, `payment.error.${field}`, lang)
          : invalidBody(issues, lang);
      },
    });
    if (!request.ok) return request.response;
    const { user, lang, body } = request;
    const outcome = await createCheckout({ ...body, userId: user.id, email: user.email, lang });
    if (!outcome.ok) return refusal(outcome.error, lang, { retryAfterSeconds: outcome.retryAfterSeconds });
    return json(outcome.checkout, { status: 201 });
  }),
);

export const config: Config = { path: '/api/payments/checkout', method: 'POST' };
