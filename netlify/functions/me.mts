import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { z } from 'zod';
import { langField, fullNameField, nameRefusal } from '../../src/lib/server/fields.ts';
import { meOf } from '../../src/lib/server/auth.ts';
import { renameUser } from '../../src/lib/server/users.ts';
import { json, jsonError } from '../../src/lib/server/http.ts';
import { parseRequest } from '../../src/lib/server/request.ts';

const Patch = z.object({
  fullName: fullNameField,
  lang: langField,
});

/** GET: the signed-in user, profile and subscription. PATCH: change the full name. */
export default secured(async (req: Request) => {
  if (req.method !== 'PATCH') {
    const request = await parseRequest(req, { auth: 'required' });
    return request.ok ? json(await meOf(request.user)) : request.response;
  }
  const request = await parseRequest(req, { auth: 'required', body: Patch, maxBytes: 4 * 1024, invalid: nameRefusal });
  if (!request.ok) return request.response;
  if (!(await renameUser(request.user.id, request.body.fullName)))
    return jsonError(404, 'api.error.not_found', request.lang);
  return json(await meOf(request.user));
});

export const config: Config = { path: '/api/me', method: ['GET', 'PATCH'] };
