import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import {
  certificateFacts,
  certificateRefusal,
  findCertifiedResult,
  holderName,
} from '../../src/lib/server/certificates.ts';
import { cleanVerificationCode } from '../../src/domain/certificate-code.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';

/**
 * Whether a certificate is genuine: holder, test, score or type, date — nothing else about the user — and the result's
 * id, with which the code's holder gets the certificate image (/api/certificates/:resultId?code=).
 */
export default secured(async (req: Request, context: Context) => {
  const lang = requestLang(req);
  const code = cleanVerificationCode(context.params.code);
  const row = code ? await findCertifiedResult({ code }) : null;
  if (!row) return jsonError(404, 'certificate.error.unknown_code', lang, { valid: false });
  // A cautioned sheet is not certified, whatever was downloaded before this rule.
  const refused = certificateRefusal(row);
  if (refused) return jsonError(409, refused, lang, { valid: false });
  const facts = certificateFacts(row, lang);
  return json({
    valid: true,
    holder: holderName(row.full_name, row.email),
    kind: row.kind,
    result: facts.headline,
    detail: facts.detail,
    note: facts.note ?? null,
    date: new Date(row.created_at).toISOString(),
    resultId: row.id,
  });
});

export const config: Config = { path: '/api/certificates/verify/:code', method: 'GET' };
