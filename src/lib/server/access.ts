/**
 * Which view of a result a request may see (DESIGN.md §3.2). Everyone gets the teaser until accounts and the
 * subscription exist; then this asks the session and the subscription.
 */
import type { Access } from '../../domain/views.ts';

// TODO(issue 7, Premium): full access for callers whose subscription is active.
export async function resultAccess(_req: Request): Promise<Access> {
  return 'teaser';
}
