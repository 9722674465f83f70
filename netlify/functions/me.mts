import type { Config } from '@netlify/functions';
import { secured } from '../../src/lib/server/security-headers.ts';
import { isPlainText } from '../../src/domain/text.ts';
import { z } from 'zod';
import { currentUser, meOf } from '../../src/lib/server/auth.ts';
import { db } from '../../src/lib/server/db.ts';
import { crossSiteRefusal, invalidBody, json, jsonError, readJson, requestLang, unauthenticated } from '../../src/lib/server/http.ts';

const Patch = z.object({ fullName: z.string().trim().min(1).max(100).refine(isPlainText), lang: z.enum(['uk', 'en']).optional() });

/** GET: the signed-in user, profile and subscription. PATCH: change the full name. */
export default secured(async (req: Request) => {
  if (req.method === 'PATCH') {
    const refused = crossSiteRefusal(req);
    if (refused) return refused;
  }
  const user = await currentUser(req);
  if (!user) return unauthenticated(req);
  if (req.method === 'PATCH') {
    const body = await readJson(req, 4 * 1024);
    if (!body.ok) return body.response;
    const lang = requestLang(req, (body.value as { lang?: unknown } | null)?.lang);
    const parsed = Patch.safeParse(body.value);
    if (!parsed.success) return invalidBody(parsed.error.issues, lang);
    const updated = await (await db()).query('UPDATE user_profiles SET full_name = $1, updated_at = now() WHERE id = $2 RETURNING id', [parsed.data.fullName, user.id]);
    if (!updated.length) return jsonError(404, 'api.error.not_found', lang);
  }
  return json(await meOf(user));
});

export const config: Config = { path: '/api/me', method: ['GET', 'PATCH'] };
