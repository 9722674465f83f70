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

/**
 * The spec's merge-field names (spec part 2, "Mailing-list subscriber") as Mailchimp merge tags. A tag is at most 10
 * characters of uppercase letters, digits and underscores (Mailchimp's merge-field guide,
 * https://mailchimp.com/developer/marketing/docs/merge-fields/, "Create a merge field"), so the five longer names
 * get shorter tags; the rest are their own tags. The outbox keeps the spec's names (rows queued before this mapping
 * are delivered right too); they become tags here, as the member is written, and nowhere else (README, "Mailing list").
 */
export const MERGE_TAGS: Readonly<Record<string, string>> = {
  SIGNUP_DATE: 'SIGNUPDATE',
  PERSONALITY: 'PERSTYPE',
  SUBSCRIPTION_DATE: 'SUBDATE',
  SUBSCRIBER_STATUS: 'SUBSTATUS',
  NEXT_CHARGE: 'NEXTCHARGE',
};
export const isMergeTag = (tag: string): boolean => /^[A-Z0-9_]{1,10}$/.test(tag);

/** The merge fields under their Mailchimp tags, or the first name that has no tag Mailchimp would take. */
export function taggedMergeFields(
  fields: Record<string, string | number>,
): { ok: true; fields: Record<string, string | number> } | { ok: false; name: string } {
  const tagged: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(fields)) {
    const tag = MERGE_TAGS[name] ?? name;
    if (!isMergeTag(tag)) return { ok: false, name };
    tagged[tag] = value;
  }
  return { ok: true, fields: tagged };
}

export const subscriberHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

/** The list's API address and headers, or why there are none (keys not set). */
function listApi(): { list: string; headers: Record<string, string> } | { skipped: string } {
  const key = env().MAILCHIMP_API_KEY;
  const list = env().MAILCHIMP_LIST_ID;
  if (!key || !list) return { skipped: 'MAILCHIMP_API_KEY or MAILCHIMP_LIST_ID not set' };
  const dc = key.split('-')[1] ?? 'us1';
  const base = (env().MAILCHIMP_API_BASE ?? `https://${dc}.api.mailchimp.com`).replace(/\/+$/, '');
  return {
    list: `${base}/3.0/lists/${encodeURIComponent(list)}`,
    headers: {
      Authorization: `Basic ${Buffer.from(`rozum:${key}`).toString('base64')}`,
      'Content-Type': 'application/json',
    },
  };
}

const unreachable = (err: Error) => ({ ok: false, status: 0, text: async () => err.message });

export async function addToMailingList(subscriber: Subscriber): Promise<Delivery> {
  const api = listApi();
  if ('skipped' in api) return { status: 'skipped', reason: api.skipped };
  const { headers } = api;
  const member = `${api.list}/members/${subscriberHash(subscriber.email)}`;
  const mergeFields = taggedMergeFields({
    ...(subscriber.firstName ? { FNAME: subscriber.firstName } : {}),
    ...(subscriber.lastName ? { LNAME: subscriber.lastName } : {}),
    ...subscriber.mergeFields,
  });
  if (!mergeFields.ok) return { status: 'failed', error: `merge field ${mergeFields.name} has no Mailchimp tag` };
  const put = await fetch(member, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      email_address: subscriber.email.trim(),
      status_if_new: 'pending',
      merge_fields: mergeFields.fields,
    }),
  }).catch(unreachable);
  if (!put.ok) return { status: 'failed', error: `PUT member ${put.status}: ${(await put.text()).slice(0, 200)}` };
  if (subscriber.tags?.length) {
    const tags = await fetch(`${member}/tags`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ tags: subscriber.tags.map((name) => ({ name, status: 'active' })) }),
    }).catch(unreachable);
    if (!tags.ok) return { status: 'failed', error: `POST tags ${tags.status}` };
  }
  return { status: 'delivered' };
}

/**
 * Moves a member to the account's new address: PATCH /lists/{list_id}/members/{subscriber_hash of the old address}
 * with the new email_address (https://mailchimp.com/developer/marketing/api/list-members/update-list-member/). A
 * member Mailchimp does not have (404: the double opt-in never confirmed) has nothing to move.
 */
export async function changeListAddress(from: string, to: string): Promise<Delivery> {
  const api = listApi();
  if ('skipped' in api) return { status: 'skipped', reason: api.skipped };
  if (!from || !to) return { status: 'skipped', reason: 'no address to change' };
  const res = await fetch(`${api.list}/members/${subscriberHash(from)}`, {
    method: 'PATCH',
    headers: api.headers,
    body: JSON.stringify({ email_address: to.trim() }),
  }).catch(unreachable);
  if (res.ok || res.status === 404) return { status: 'delivered' };
  return { status: 'failed', error: `PATCH member ${res.status}: ${(await res.text()).slice(0, 200)}` };
}

/**
 * Deletes a member and everything Mailchimp holds about them, for good (an account deleted: the person's right to
 * erasure): POST /lists/{list_id}/members/{subscriber_hash}/actions/delete-permanent, answered 204 with no body.
 * https://mailchimp.com/developer/marketing/api/list-members/delete-list-member/ — a member Mailchimp does not have
 * (404: never confirmed, or already deleted) is as good as deleted.
 */
export async function removeFromMailingList(email: string): Promise<Delivery> {
  const api = listApi();
  if ('skipped' in api) return { status: 'skipped', reason: api.skipped };
  if (!email) return { status: 'skipped', reason: 'no address to delete' };
  const res = await fetch(`${api.list}/members/${subscriberHash(email)}/actions/delete-permanent`, {
    method: 'POST',
    headers: api.headers,
  }).catch(unreachable);
  if (res.ok || res.status === 404) return { status: 'delivered' };
  return { status: 'failed', error: `delete-permanent ${res.status}: ${(await res.text()).slice(0, 200)}` };
}
