import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { localizedPath } from '../../src/i18n/paths.ts';
import { redirect } from '../../src/lib/server/http.ts';
import { isGoogleConfigured, startGoogleSignIn } from '../../src/lib/server/oauth.ts';

/** Sends the browser to Google with state and a PKCE challenge; ?lang= decides where it comes back to. */
export default endpoint(auth.google, async ({ req, lang }) => {
  if (!isGoogleConfigured()) return redirect(`${localizedPath(lang, '/login')}?error=google_not_configured`);
  const { url, cookies } = startGoogleSignIn(req, lang);
  const response = new Response(null, { status: 302, headers: { Location: url, 'Cache-Control': 'no-store' } });
  for (const cookie of cookies) response.headers.append('Set-Cookie', cookie);
  return response;
});

export const config: Config = { path: '/api/auth/google', method: 'GET' };
