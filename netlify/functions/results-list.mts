import type { Config } from '@netlify/functions';
import * as results from '../../src/api/results.ts';
import { endpoint, refuse } from '../../src/lib/server/endpoint.ts';
import { accessOf } from '../../src/domain/access.ts';
import { decodeCursor, listResults } from '../../src/lib/server/results.ts';

/**
 * One page of the signed-in user's history of one test, newest first (details only with premium):
 * `?type=iq|professional&limit=1…50&cursor=<nextCursor of the page before>`. Only the page's rows are read.
 */
export default endpoint(results.list, async ({ user, lang, query }) => {
  const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (cursor === null && query.cursor !== undefined) return refuse('results.error.page');
  const access = accessOf(user);
  const page = await listResults(query.type, user.id, lang, access, {
    limit: query.limit ?? results.HISTORY_PAGE_DEFAULT,
    cursor,
  });
  return { type: query.type, access, items: page.items, nextCursor: page.nextCursor };
});

export const config: Config = { path: '/api/results', method: 'GET' };
