/**
 * Sharing a result by choice (issue 32) over real HTTP: only its owner publishes or revokes it; the public page, for
 * people and crawlers, carries its own og tags and card, the reading with its interval, the first name only when
 * chosen, never the answers; a revoked link, a cautioned sheet, a stranger and a mistyped code change nothing and show
 * nothing.
 */
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { careerSheetFor, iqSheetFor, ownerWithResults, takeCareerSitting, takeSitting } from '../support/sittings.ts';
import { profileOf } from '../../src/domain/career/profiles.ts';

const base = inject('baseUrl');

/** A named owner with a careful IQ result and a career result of type 4, both saved. */
const owner = () => ownerWithResults(base, 'Олена Коваль');

const share = (client: Client, kind: string, id: string, body: unknown = { lang: 'uk' }) =>
  client.post(`/api/results/${kind}/${id}/share`, body);
const revoke = (client: Client, kind: string, id: string) =>
  client.request(`/api/results/${kind}/${id}/share`, { method: 'DELETE' });
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('sharing a result', () => {
  it('publishes a page with its own og tags and card, the reading and its interval, no name unless chosen, no answers', async () => {
    const { client, iqId } = await owner();
    const res = await share(client, 'iq', iqId);
    expect(res.status).toBe(200);
    const { url, code } = await res.json();
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new URL(url).pathname).toBe(`/r/${code}`);

    const page = await fetch(`${base}/r/${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    // The address is the secret: a click on to the site does not pass it on as the referrer (to analytics, say).
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<html lang="uk">');
    expect(meta(html, 'og:title')).toMatch(/^Результат: IQ /);
    // "…має попередній IQ-еквівалент 116. 95-відсотковий інтервал: …": the figure once, with its interval.
    expect(meta(html, 'og:description')).toMatch(/IQ-еквівалент (понад |нижче )?\d+\. 95-відсотковий інтервал: /);
    expect(meta(html, 'og:description')).not.toMatch(/IQ-еквівалент IQ/);
    expect(meta(html, 'robots')).toBe('noindex, follow');
    expect(new URL(meta(html, 'og:image')!).pathname).toBe(`/api/shares/${code}/card`);
    expect(html).toContain('інтервал');
    // No name unless chosen; never the answers or the review.
    expect(html).not.toContain('Олена');
    expect(html).not.toMatch(/selectedAnswer|questionId|explanation/);
    expect(html).not.toContain('<script');

    const card = await fetch(`${base}/api/shares/${code}/card?lang=uk`);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await card.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    const again = await fetch(`${base}/api/shares/${code}/card?lang=uk`);
    expect(again.headers.get('x-share-card-cache')).toBe('hit');
    const unchanged = await fetch(`${base}/api/shares/${code}/card?lang=uk`, {
      headers: { 'if-none-match': again.headers.get('etag')! },
    });
    expect(unchanged.status).toBe(304);
  });

  it('keeps one link per result: sharing again changes its language and the first name, not its code', async () => {
    const { client, iqId } = await owner();
    const first = await (await share(client, 'iq', iqId)).json();
    const second = await (await share(client, 'iq', iqId, { lang: 'en', showName: true })).json();
    expect(second.code).toBe(first.code);
    // The result, as its owner reads it, knows its link.
    const saved = await (await client.get(`/api/results/iq/${iqId}?lang=uk`)).json();
    expect(saved.share).toEqual({ code: first.code, lang: 'en', showName: true });
    expect(new URL(second.url).pathname).toBe(`/eng/r/${first.code}`);
    const html = await (await fetch(`${base}/eng/r/${first.code}`)).text();
    expect(html).toContain('<html lang="en">');
    expect(meta(html, 'og:title')).toMatch(/^Олена: IQ /);
    // The first name only, never the surname.
    expect(html).not.toContain('Коваль');
  });

  it("shows a career result's type, its colour and its public page", async () => {
    const { client, proId } = await owner();
    const { code } = await (await share(client, 'professional', proId)).json();
    const html = await (await fetch(`${base}/r/${code}`)).text();
    expect(html).toContain(profileOf(4, 'uk').title);
    expect(html).toContain('href="/types/4?from=shared"');
    expect(html).toContain(profileOf(4, 'uk').color);
  });

  it('only for its owner: a stranger or a visitor can neither share nor revoke it', async () => {
    const { client, iqId } = await owner();
    const stranger = await signedUp(base);
    expect((await share(stranger, 'iq', iqId)).status).toBe(404);
    expect((await share(new Client(base), 'iq', iqId)).status).toBe(401);
    const { code } = await (await share(client, 'iq', iqId)).json();
    expect((await revoke(stranger, 'iq', iqId)).status).toBe(404);
    expect((await fetch(`${base}/r/${code}`)).status).toBe(200);
    // The wrong kind for the id is not the result either.
    expect((await share(client, 'professional', iqId)).status).toBe(404);
  });

  it('revoked, the link shows nothing: page and card answer 404', async () => {
    const { client, iqId } = await owner();
    const { code } = await (await share(client, 'iq', iqId)).json();
    const res = await revoke(client, 'iq', iqId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: true });
    const page = await fetch(`${base}/r/${code}`);
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).not.toMatch(/IQ \d/);
    expect((await fetch(`${base}/api/shares/${code}/card`)).status).toBe(404);
    expect((await revoke(client, 'iq', iqId)).status).toBe(404);
    // Shared again, it gets a new code: the old link stays dead.
    const renewed = await (await share(client, 'iq', iqId)).json();
    expect(renewed.code).not.toBe(code);
    expect((await fetch(`${base}/r/${code}`)).status).toBe(404);
  });

  it('refuses a cautioned sheet (it earns no certificate either), and writes nothing', async () => {
    const client = await signedUp(base, { fullName: 'Петро Рудий' });
    const sitting = await takeSitting(client.get, 'uk');
    // Every item in a second: the rushed caution.
    const rushed = await (
      await client.post(
        '/api/tests/iq/score',
        iqSheetFor(sitting, () => true, 1_000),
      )
    ).json();
    const res = await share(client, 'iq', rushed.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe('share.error.caution');
    expect((await revoke(client, 'iq', rushed.id)).status).toBe(404);
  });

  it('refuses a career sheet with no clear type as what it is, not as a caution', async () => {
    const client = await signedUp(base, { fullName: 'Ірина Бондар' });
    const sitting = await takeCareerSitting(client.get, 'uk');
    const level = await (
      await client.post(
        '/api/tests/professional/score',
        await careerSheetFor(client.post, sitting, (type) => [2, 6, 9].includes(type)),
      )
    ).json();
    const res = await share(client, 'professional', level.id);
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.error).toBe('share.error.no_clear_type');
    expect(body.message).toMatch(/три типи/);
  });

  it('escapes a hostile first name on the page and in its tags', async () => {
    const { client, iqId } = await ownerWithResults(base, '"><img src=x onerror=alert(1)> Коваль');
    const { code } = await (await share(client, 'iq', iqId, { lang: 'uk', showName: true })).json();
    const html = await (await fetch(`${base}/r/${code}`)).text();
    expect(html).not.toContain('<img src=x');
    expect(html).not.toMatch(/content="[^"]*"><img/);
    expect(html).toContain('&quot;&gt;&lt;img');
  });

  it('answers a mistyped, unknown or hostile code and a bad body with a 4xx, never 500', async () => {
    for (const path of [
      '/r/abc',
      `/r/${'A'.repeat(22)}`,
      '/eng/r/%00',
      `/r/${'x'.repeat(300)}`,
      '/api/shares/abc/card',
    ])
      expect((await fetch(base + path)).status, path).toBe(404);
    const { client, iqId } = await owner();
    for (const body of [{ lang: 'de' }, { lang: 'uk', showName: 'yes' }, [], 'x'])
      expect((await share(client, 'iq', iqId, body)).status, JSON.stringify(body)).toBe(400);
    expect((await share(client, 'iq', 'not-a-uuid')).status).toBe(404);
    expect((await share(client, 'maths', iqId)).status).toBe(404);
  });
});
