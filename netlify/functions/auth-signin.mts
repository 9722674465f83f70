import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { authHandler, signIn } from '../../src/lib/server/auth.ts';

/** Signs in with email and password; every failure answers the same auth.error.invalid. */
export default secured(authHandler(signIn, 200));

export const config: Config = { path: '/api/auth/signin', method: 'POST' };
