/**
 * Mailchimp Marketing API v3: PUT /lists/{list_id}/members/{MD5 of the lowercased email} (add or update, merge
 * fields), then POST …/tags. HTTP Basic with any user name and the API key; the data centre is the key's suffix.
 * https://mailchimp.com/developer/marketing/api/list-members/add-or-update-list-member/
 * A new member is added with status_if_new "pending": Mailchimp mails them a confirmation link and they join the
 * list only by following it (double opt-in); an existing member's status is left as it is. We call this only for
 * users who asked for the mailing list (user_profiles.mailing_consent_at).
 */
import { createHash } from 'node:crypto';
import { env } from '../env.ts';

export type Delivery =
  { status: 'delivered' } | { status: 'skipped'; reason: string } | { status: 'failed'; error: string };

export interface Subscriber {
  email: string;
  firstName?: string;
  lastName?: string;
  tags?: string[];
  mergeFields?: Record<string, string | number>;
}

export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

export async function addToMailingList(subscriber: Subscriber): Promise<Delivery> {
  const key = env().MAILCHIMP_API_KEY;
  const list = env().MAILCHIMP_LIST_ID;
  if (!key || !list) return { status: 'skipped', reason: 'MAILCHIMP_API_KEY or MAILCHIMP_LIST_ID not set' };
  const dc = key.split('-')[1] ?? 'us1';
  const base = (env().MAILCHIMP_API_BASE ?? `https://${dc}.api.mailchimp.com`).replace(/\/+$/, '');
  const member = `${base}/3.0/lists/${encodeURIComponent(list)}/members/${subscriberHash(subscriber.email)}`;
  const headers = {
    Authorization: `Basic ${Buffer.from(`rozum:${key}`).toString('base64')}`,
    'Content-Type': 'application/json',
  };
  const mergeFields = {
    ...(subscriber.firstName ? { FNAME: subscriber.firstName } : {}),
    ...(subscriber.lastName ? { LNAME: subscriber.lastName } : {}),
    ...subscriber.mergeFields,
  };
  const put = await fetch(member, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      email_address: subscriber.email.trim(),
      status_if_new: 'pending',
      merge_fields: mergeFields,
    }),
  }).catch((err: Error) => ({ ok: false, status: 0, text: async () => err.message }));
  if (!put.ok) return { status: 'failed', error: `PUT member ${put.status}: ${(await put.text()).slice(0, 200)}` };
  if (subscriber.tags?.length) {
    const tags = await fetch(`${member}/tags`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tags: subscriber.tags.map((name) => ({ name, status: 'active' })) }),
    }).catch((err: Error) => ({ ok: false, status: 0, text: async () => err.message }));
    if (!tags.ok) return { status: 'failed', error: `POST tags ${tags.status}` };
  }
  return { status: 'delivered' };
}
