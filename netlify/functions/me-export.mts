import type { Config } from '@netlify/functions';
import * as me from '../../src/api/me.ts';
import { endpoint, refuse, reply } from '../../src/lib/server/endpoint.ts';
import { exportAccount } from '../../src/lib/server/account-data.ts';

/** Everything the account holds, as a JSON file to save (issue 30, point 5): never cached, never shared. */
export default endpoint(me.exportData, async ({ user, session }) => {
  const data = await exportAccount(user.id, session?.id ?? null);
  if (!data) return refuse('api.error.not_found');
  return reply(data, {
    headers: {
      'Content-Disposition': `attachment; filename="rozum-data-${data.exportedAt.slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
    },
  });
});

export const config: Config = { path: '/api/me/export', method: 'GET' };
