/** The spec's merge-field names reach Mailchimp as tags it takes: at most 10 characters of A–Z, 0–9 and _. */
import { describe, expect, it } from 'vitest';
import { isMergeTag, MERGE_TAGS, taggedMergeFields } from '../../src/lib/server/notify/mailchimp.ts';
import { mailingPayloads } from '../../src/lib/server/outbox.ts';

describe('Mailchimp merge tags', () => {
  it('give every merge field of every mailing payload, and the NEXT_CHARGE the database adds, a tag Mailchimp takes', () => {
    const names = [
      ...Object.keys(mailingPayloads.registration('u', 'a@example.com', 'Ann Lee').mergeFields),
      ...Object.keys(mailingPayloads.testResult({ kind: 'iq', iqEstimate: 120 }).mergeFields),
      ...Object.keys(mailingPayloads.testResult({ kind: 'professional', personalityType: 'Helper' }).mergeFields),
      ...Object.keys(mailingPayloads.purchase({ reference: 'GP1', amount: 1, currency: 'USD' }).mergeFields),
      'NEXT_CHARGE',
    ];
    expect(names).toEqual(
      expect.arrayContaining(['SIGNUP_DATE', 'PERSONALITY', 'SUBSCRIPTION_DATE', 'SUBSCRIBER_STATUS']),
    );
    const tagged = taggedMergeFields(Object.fromEntries(names.map((n) => [n, 'x'])));
    expect(tagged.ok).toBe(true);
    if (tagged.ok) for (const tag of Object.keys(tagged.fields)) expect(isMergeTag(tag), tag).toBe(true);
  });

  it('tag and state an IQ only as its page does: none for a reading a caution leads, whatever its figure', () => {
    expect(mailingPayloads.testResult({ kind: 'iq', iqEstimate: 134 })).toMatchObject({
      tags: ['high_iq'],
      mergeFields: { IQ_SCORE: 134 },
    });
    const rushed = mailingPayloads.testResult({ kind: 'iq', iqEstimate: 134, cautioned: true });
    expect(rushed.tags).toEqual([]);
    expect(rushed.mergeFields).not.toHaveProperty('IQ_SCORE');
  });

  it('map the five long names to distinct tags and leave the short ones as they are', () => {
    expect(Object.keys(MERGE_TAGS).every((name) => name.length > 10)).toBe(true);
    expect(new Set(Object.values(MERGE_TAGS)).size).toBe(5);
    expect(taggedMergeFields({ SIGNUP_DATE: '2025-01-01', IQ_SCORE: 120 })).toEqual({
      ok: true,
      fields: { SIGNUPDATE: '2025-01-01', IQ_SCORE: 120 },
    });
  });

  it('refuse a name with no tag instead of sending what Mailchimp would drop', () => {
    expect(taggedMergeFields({ FAVOURITE_COLOUR: 'blue' })).toEqual({ ok: false, name: 'FAVOURITE_COLOUR' });
    expect(isMergeTag('lower')).toBe(false);
  });
});
