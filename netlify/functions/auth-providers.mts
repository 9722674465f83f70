import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { json } from '../../src/lib/server/http.ts';
import { isGoogleConfigured } from '../../src/lib/server/oauth.ts';

/** Which sign-in providers are configured, so the login page can say when Google is not. */
export default secured(async () => json({ google: isGoogleConfigured() }));

export const config: Config = { path: '/api/auth/providers', method: 'GET' };
