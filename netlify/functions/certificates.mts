import type { Config } from '@netlify/functions';
import * as certificates from '../../src/api/certificates.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import {
  certificatePng,
  certificateRefusal,
  findCertifiedResult,
  holderName,
} from '../../src/lib/server/certificates.ts';
import { cleanVerificationCode } from '../../src/domain/certificate-code.ts';
import { siteUrl } from '../../src/lib/server/env.ts';

/**
 * The certificate PNG of a result in ?lang: for its owner, or for anyone holding its verification code (?code=).
 * Rendered once, then served from memory; an ETag lets the browser reuse its copy. A cautioned sheet earns none
 * (409 certificate.error.caution), nor does one whose holder has given no name (409 certificate.error.name_needed).
 */
export default endpoint(certificates.image, async ({ req, params, query, user, lang }) => {
  const code = query.code === undefined ? undefined : cleanVerificationCode(query.code);
  if (code === null || (!user && !code)) return refuse('certificate.error.not_found');
  const row = await findCertifiedResult({ id: params.resultId, userId: user?.id, code });
  if (!row) return refuse('certificate.error.not_found');
  const refused = certificateRefusal(row);
  if (refused) return refuse(refused);
  // No certificate without the holder's own name: the page asks for it first (issue 31).
  const holder = holderName(row.full_name);
  if (!holder) return refuse('certificate.error.name_needed');
  const { png, etag, fileName, cached } = await certificatePng({ ...row, holder }, lang, siteUrl());
  const headers = {
    'Content-Type': 'image/png',
    'Content-Disposition': `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    ETag: etag,
    'Cache-Control': 'private, max-age=3600',
    'X-Certificate-Cache': cached ? 'hit' : 'miss',
  };
  if (req.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(png), { headers });
});

export const config: Config = { path: '/api/certificates/:resultId', method: 'GET' };
