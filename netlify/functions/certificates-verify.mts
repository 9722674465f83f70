import type { Config } from '@netlify/functions';
import * as certificates from '../../src/api/certificates.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import {
  certificateFacts,
  certificateRefusal,
  findCertifiedResult,
  holderName,
} from '../../src/lib/server/certificates.ts';
import { cleanVerificationCode } from '../../src/domain/certificate-code.ts';
import { codeWithdrawn } from '../../src/lib/server/withdrawn.ts';

/**
 * Whether a certificate is genuine: holder, test, score or type, date — nothing else about the user — and the result's
 * id, with which the code's holder gets the certificate image (/api/certificates/:resultId?code=). A code whose
 * result was deleted with its account answers 410, withdrawn.
 */
export default endpoint(certificates.verify, async ({ params, lang }) => {
  const code = cleanVerificationCode(params.code);
  const row = code ? await findCertifiedResult({ code }) : null;
  if (!row)
    return refuse(
      code && (await codeWithdrawn(code)) ? 'certificate.error.withdrawn' : 'certificate.error.unknown_code',
      {
        valid: false,
      },
    );
  // A cautioned sheet is not certified, whatever was downloaded before this rule.
  const refused = certificateRefusal(row);
  if (refused) return refuse(refused, { valid: false });
  const facts = certificateFacts(row, lang);
  return {
    valid: true as const,
    holder: holderName(row.full_name),
    kind: row.kind,
    result: facts.headline,
    detail: facts.detail,
    note: facts.note ?? null,
    date: new Date(row.created_at).toISOString(),
    resultId: row.id,
  };
});

export const config: Config = { path: '/api/certificates/verify/:code', method: 'GET' };
