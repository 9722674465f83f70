import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';
import { localizedPath } from '../../src/i18n/paths.ts';
import { startSession } from '../../src/lib/server/auth.ts';
import { redirect } from '../../src/lib/server/http.ts';
import { clearedOAuthCookies, finishGoogleSignIn, oauthLang } from '../../src/lib/server/oauth.ts';
import { sessionCookies } from '../../src/lib/server/session.ts';
import { deviceCookie } from '../../src/lib/server/device.ts';

/** Google's return: a verified sign-in starts a session and continues at /auth/callback in the visitor's language. */
export default endpoint(auth.googleCallback, async ({ req, context, user }) => {
  const lang = oauthLang(req);
  const outcome = await finishGoogleSignIn(req, user?.id);
  if (!outcome.ok)
    return redirect(
      `${localizedPath(lang, '/login')}?error=${outcome.error.split('.').pop()}`,
      clearedOAuthCookies(req),
    );
  context.waitUntil(deliverOutboxSoon());
  const session = await startSession(outcome.userId, 'google');
  return redirect(localizedPath(lang, '/auth/callback'), [
    ...clearedOAuthCookies(req),
    ...sessionCookies(req, session.token, session.expiresAt),
    deviceCookie(req, outcome.userId),
  ]);
});

export const config: Config = { path: '/api/auth/google/callback', method: 'GET' };
