import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { accessOf } from '../../src/lib/server/subscription.ts';
import { json, jsonError, requestLang } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';
import {
  decodeCursor,
  HISTORY_PAGE_DEFAULT,
  HISTORY_PAGE_MAX,
  listResults,
  type HistoryCursor,
} from '../../src/lib/server/results.ts';

/**
 * One page of the signed-in user's history of one test, newest first (details only with premium):
 * `?type=iq|professional&limit=1…50&cursor=<nextCursor of the page before>`. Only the page's rows are read.
 */
export default secured(async (req: Request) => {
  const lang = requestLang(req);
  const params = new URL(req.url).searchParams;
  const type = params.get('type');
  if (type !== 'iq' && type !== 'professional') return jsonError(400, 'results.error.type', lang);
  const limitText = params.get('limit');
  const limit = limitText === null ? HISTORY_PAGE_DEFAULT : /^\d{1,3}$/.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= HISTORY_PAGE_MAX)) return jsonError(400, 'results.error.page', lang);
  const cursorText = params.get('cursor');
  let cursor: HistoryCursor | null = null;
  if (cursorText !== null) {
    cursor = cursorText.length <= 200 ? decodeCursor(cursorText) : null;
    if (!cursor) return jsonError(400, 'results.error.page', lang);
  }
  const request = await parseRequest(req, { auth: 'required' });
  if (!request.ok) return request.response;
  const access = accessOf(request.user);
  const page = await listResults(type, request.user.id, lang, access, { limit, cursor });
  return json({ type, access, items: page.items, nextCursor: page.nextCursor });
});

export const config: Config = { path: '/api/results', method: 'GET' };
