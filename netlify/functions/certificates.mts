import type { Config, Context } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { currentUser } from '../../src/lib/server/auth.ts';
import { certificatePng, certificateRefusal, findCertifiedResult } from '../../src/lib/server/certificates.ts';
import { cleanVerificationCode } from '../../src/domain/certificate-code.ts';
import { siteUrl } from '../../src/lib/server/env.ts';
import { isUuid, jsonError, requestLang } from '../../src/lib/server/http.ts';

/**
 * The certificate PNG of a result in ?lang: for its owner, or for anyone holding its verification code (?code=).
 * Rendered once, then served from memory; an ETag lets the browser reuse its copy. A cautioned sheet earns none
 * (409 certificate.error.caution).
 */
export default secured(async (req: Request, context: Context) => {
  const lang = requestLang(req);
  const url = new URL(req.url);
  const id = context.params.resultId;
  const asked = url.searchParams.get('code');
  const code = asked === null ? undefined : cleanVerificationCode(asked);
  if (!isUuid(id) || code === null) return jsonError(404, 'certificate.error.not_found', lang);
  const user = await currentUser(req);
  if (!user && !code) return jsonError(404, 'certificate.error.not_found', lang);
  const row = await findCertifiedResult({ id, userId: user?.id, code });
  if (!row) return jsonError(404, 'certificate.error.not_found', lang);
  const refused = certificateRefusal(row);
  if (refused) return jsonError(409, refused, lang);
  const { png, etag, fileName, cached } = await certificatePng(row, lang, siteUrl());
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
