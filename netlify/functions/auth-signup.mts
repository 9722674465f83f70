import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { authHandler, signUp } from '../../src/lib/server/auth.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';

/** Creates an account (email, password ≥ 6, optional full name), signs it in, and sends the welcome notifications. */
export default secured(authHandler(signUp, 201, (context) => context.waitUntil(deliverOutboxSoon())));

export const config: Config = { path: '/api/auth/signup', method: 'POST' };
