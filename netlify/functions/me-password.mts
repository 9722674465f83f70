import type { Config } from '@netlify/functions';
import * as me from '../../src/api/me.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { changePassword } from '../../src/lib/server/account-settings.ts';
import { LIMITS } from '../../src/lib/server/rate-limit.ts';

/**
 * A new password given the current one (issue 30, point 4): every other session of the account ends, this one
 * stays. 403 for a wrong current password, 409 for an account without one (Google only: the reset mail sets it).
 */
export default endpoint(
  me.changePassword,
  async ({ user, session, body }) => {
    const changed = await changePassword(user.id, session!.id, body.currentPassword, body.newPassword);
    if (!changed.ok) return refuse(changed.error);
    return { ok: true as const };
  },
  { limits: ({ user }) => [LIMITS.accountSettingsUser(user.id)] },
);

export const config: Config = { path: '/api/me/password', method: 'POST' };
