import type { Config } from '@netlify/functions';
import * as me from '../../src/api/me.ts';
import { endpoint, endpoints, refuse } from '../../src/lib/server/endpoint.ts';
import { nameRefusal } from '../../src/lib/server/fields.ts';
import { meOf } from '../../src/lib/server/auth.ts';
import { renameUser } from '../../src/lib/server/users.ts';

/**
 * GET: the signed-in user, profile and subscription. PATCH: change the full name. (DELETE, the account's deletion,
 * is account-delete.mts: it talks to WayForPay, which reading the profile never loads.)
 */
export default endpoints(
  endpoint(me.get, async ({ user }) => meOf(user)),
  endpoint(
    me.rename,
    async ({ user, body }) => {
      if (!(await renameUser(user.id, body.fullName))) return refuse('api.error.not_found');
      return meOf(user);
    },
    { invalid: nameRefusal },
  ),
);

export const config: Config = { path: '/api/me', method: ['GET', 'PATCH'] };
