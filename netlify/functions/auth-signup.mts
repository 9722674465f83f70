import type { Config } from '@netlify/functions';
import { authHandler, signUp } from '../../src/lib/server/auth.ts';
import { deliverOutboxSoon } from '../../src/lib/server/outbox.ts';

/** Creates an account (email, password ≥ 6, optional full name), signs it in, and sends the welcome notifications. */
export default authHandler(signUp, 201, (context) => context.waitUntil(deliverOutboxSoon()));

export const config: Config = { path: '/api/auth/signup', method: 'POST' };
