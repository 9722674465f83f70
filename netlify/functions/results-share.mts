import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint, endpoints, refuse } from '../../src/lib/server/endpoint.ts';
import { siteUrl } from '../../src/lib/server/env.ts';
import { revokeShare, sharePath, shareResult } from '../../src/lib/server/shares.ts';

/**
 * Sharing a saved result by choice (issue 32): its owner publishes it (POST, answering the public address) or takes
 * it down (DELETE). Anyone else's result, a missing one and a cautioned one change nothing.
 */
export default endpoints(
  endpoint(results.share, async ({ user, params, body, lang }) => {
    // The page's language: the one asked for, else the caller's (?lang, the cookie, the browser's).
    const shareLang = body.lang ?? lang;
    const outcome = await shareResult({
      userId: user.id,
      kind: params.kind,
      id: params.id,
      lang: shareLang,
      showName: body.showName ?? false,
    });
    if (!outcome.ok) return refuse(outcome.error);
    return { code: outcome.code, url: siteUrl() + sharePath(shareLang, outcome.code) };
  }),
  endpoint(results.unshare, async ({ user, params }) => {
    if (!(await revokeShare(user.id, params.kind, params.id))) return refuse('share.error.no_link');
    return { revoked: true as const };
  }),
);

export const config: Config = { path: '/api/results/:kind/:id/share', method: ['POST', 'DELETE'] };
