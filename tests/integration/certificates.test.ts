/** Certificates over HTTP: owner-only PNGs in both languages with the spec's file name, caching, and verification. */
import { describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { printedCode, verifyPath } from '../../src/domain/certificate-code.ts';
import { iqReadingTexts, iqValueText } from '../../src/lib/iq-reading.ts';
import { t } from '../../src/i18n/index.ts';
import { ownerWithResults, provisionalReadingOf } from '../support/sittings.ts';
import { readQr } from '../support/qr.ts';

const base = inject('baseUrl');

/**
 * A user with a certificate of each test: sheets of sittings served to their browser, answered as a person does —
 * 30 s an IQ item, every one right, in the places the sitting showed them; career statements pointing to type 4 —
 * so neither carries a caution (a cautioned sheet earns no certificate).
 */
async function owner(fullName: string) {
  const { client, sitting, iqId, proId } = await ownerWithResults(base, fullName);
  const reading = provisionalReadingOf(sitting.formId, () => true);
  // The file is named by the figure the certificate states (a number, or "below 72" when it is bounded), in its
  // language.
  const iqScore = (lang: 'uk' | 'en') =>
    iqValueText((key, vars) => t(lang, key, vars), reading).replace(/[^\p{L}\p{N}]+/gu, '_');
  return { client, iqId, proId, iqScore, reading };
}

const size = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

describe('certificates', () => {
  it('are PNGs of 1754×1240 in both languages, named by the spec, for both tests', async () => {
    const { client, iqId, proId, iqScore } = await owner('Олена Коваль');
    for (const [id, kind, score] of [
      [iqId, 'IQ', iqScore],
      [proId, 'PROFESSIONAL', () => null],
    ] as const) {
      for (const [lang, tag] of [
        ['uk', 'UA'],
        ['en', 'EN'],
      ] as const) {
        const res = await client.get(`/api/certificates/${id}?lang=${lang}`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('image/png');
        const disposition = decodeURIComponent(res.headers.get('content-disposition')!);
        expect(disposition).toContain(
          `Олена_Коваль_${kind}_${tag}_${score(lang) ?? (lang === 'uk' ? 'Творець' : 'Creator')}.png`,
        );
        const png = Buffer.from(await res.arrayBuffer());
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        expect(size(png)).toEqual([1754, 1240]);
      }
    }
  });

  it("carry a QR code that opens this certificate's verification page in its language", async () => {
    const { client, iqId } = await owner('QR Test');
    const { verificationCode } = await (await client.get(`/api/results/iq/${iqId}`)).json();
    for (const lang of ['uk', 'en'] as const) {
      const png = Buffer.from(await (await client.get(`/api/certificates/${iqId}?lang=${lang}`)).arrayBuffer());
      expect(readQr(png, 1754, 1240)).toBe(`${base}${verifyPath(lang, verificationCode)}`);
    }
  });

  it('are served from cache on repeat, with an ETag the browser can revalidate', async () => {
    const { client, iqId } = await owner('Cache Test');
    expect((await (await client.get(`/api/results/iq/${iqId}`)).json()).certificates).toEqual({ uk: null, en: null });
    const first = await client.get(`/api/certificates/${iqId}?lang=en`);
    expect(first.headers.get('x-certificate-cache')).toBe('miss');
    // The first generation stores both languages' addresses.
    expect((await (await client.get(`/api/results/iq/${iqId}`)).json()).certificates).toEqual({
      uk: `/api/certificates/${iqId}?lang=uk`,
      en: `/api/certificates/${iqId}?lang=en`,
    });
    const again = await client.get(`/api/certificates/${iqId}?lang=en`);
    expect(again.headers.get('x-certificate-cache')).toBe('hit');
    const etag = again.headers.get('etag')!;
    expect(
      (await client.request(`/api/certificates/${iqId}?lang=en`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
  });

  it('are not found for anyone but the owner, unless the verification code comes along', async () => {
    const { client, iqId } = await owner('Private Person');
    const other = await signedUp(base);
    expect((await other.get(`/api/certificates/${iqId}?lang=uk`)).status).toBe(404);
    expect((await new Client(base).get(`/api/certificates/${iqId}?lang=uk`)).status).toBe(404);
    const { verificationCode } = await (await client.get(`/api/results/iq/${iqId}`)).json();
    // A wrong code is not found and changes nothing: no certificate is generated or recorded.
    expect((await new Client(base).get(`/api/certificates/${iqId}?lang=uk&code=wrongcodewrongcode`)).status).toBe(404);
    expect((await (await client.get(`/api/results/iq/${iqId}`)).json()).certificates).toEqual({ uk: null, en: null });
    // The verification page's preview: anyone holding the code, without a session, with the owner's cache rules.
    const shown = await new Client(base).get(`/api/certificates/${iqId}?lang=uk&code=${verificationCode}`);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(shown.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(shown.headers.get('etag')).toBeTruthy();
  });

  it('can be verified by code, showing only what the certificate shows', async () => {
    const { client, proId } = await owner('Тарас Шевчук');
    const { verificationCode } = await (await client.get(`/api/results/professional/${proId}`)).json();
    // As printed on the certificate: upper case, in groups.
    const res = await fetch(`${base}/api/certificates/verify/${printedCode(verificationCode)}?lang=en`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      valid: true,
      holder: 'Тарас Шевчук',
      kind: 'professional',
      result: 'Creator',
      note: null,
      resultId: proId,
    });
    expect(JSON.stringify(body)).not.toMatch(/@example\.com|email/);
    const unknown = await fetch(`${base}/api/certificates/verify/AAAAA-BBBBB-CCCCC-DDDDD`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ valid: false, error: 'certificate.error.unknown_code' });
  });

  it("verify an IQ certificate with the results page's interval and band, and what the scale is, in the asked language", async () => {
    const { client, iqId, reading } = await owner('Interval Test');
    const { verificationCode, result } = await (await client.get(`/api/results/iq/${iqId}`)).json();
    const body = await (await fetch(`${base}/api/certificates/verify/${verificationCode}?lang=en`)).json();
    // The page's reading, word for word: a perfect sheet reads the highest figure its form gives, its interval said
    // up to the top of what the form measures.
    const texts = iqReadingTexts((key, vars) => t('en', key, vars), result);
    expect(result).toMatchObject({ iqBound: null, iqEstimate: reading.iqEstimate });
    expect(body.result).toBe(`IQ ${reading.iqEstimate}`);
    expect(texts.interval).toContain(`from ${reading.iqInterval[0]} up`);
    expect(body.detail).toBe(`${texts.interval} · ${texts.band}`);
    // No place among people: the certificate says the scale is provisional, its 100 and 15 the model's assumptions.
    expect(body.note).toBe(t('en', 'cert.scale.provisional'));
    expect(JSON.stringify(body)).not.toMatch(/percentile|% of people/i);
  });
});
