/**
 * Which view of a result a request may see (DESIGN.md §3.2): the full result for a signed-in user whose
 * subscription is active, the teaser for everyone else.
 */
import type { Access } from '../../domain/views.ts';
import { sessionFromRequest } from './session.ts';
import { subscriptionOf } from './subscription.ts';

export async function accessForUser(userId: string | null): Promise<Access> {
  if (!userId) return 'teaser';
  return (await subscriptionOf(userId)).active ? 'full' : 'teaser';
}

export async function resultAccess(req: Request): Promise<Access> {
  const { user } = await sessionFromRequest(req);
  return accessForUser(user?.id ?? null);
}
