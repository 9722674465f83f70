import type { Config } from '@netlify/functions';
import * as auth from '../../src/api/auth.ts';
import { endpoint } from '../../src/lib/server/endpoint.ts';
import { isGoogleConfigured } from '../../src/lib/server/oauth.ts';

/** Which sign-in providers are configured, so the login page can say when Google is not. */
export default endpoint(auth.providers, async () => ({ google: isGoogleConfigured() }));

export const config: Config = { path: '/api/auth/providers', method: 'GET' };
