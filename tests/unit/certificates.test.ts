import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import {
  certificateFileName,
  certificateSvg,
  HEIGHT,
  renderCertificate,
  WIDTH,
  type CertificateData,
} from '../../src/lib/server/certificate-image.ts';
import { QUIET_ZONE, qrModules } from '../../src/lib/server/certificate-marks.ts';
import { verifyPath } from '../../src/domain/certificate-code.ts';
import { readQr } from '../support/qr.ts';
import { certificateFacts, holderName } from '../../src/lib/server/certificates.ts';
import { iqBank } from '../../src/domain/iq/bank.ts';
import { legacyCoreInOrder } from '../../src/domain/career/questions.ts';
import { tieAfterCore } from '../../src/domain/career/scoring.ts';

const base: CertificateData = {
  kind: 'iq',
  lang: 'uk',
  holder: '',
  achieved: 'має попередній IQ-еквівалент',
  headline: 'IQ 124',
  detail: 'Високий рівень',
  date: new Date('2026-11-22'),
  code: 'abcdefghijklmnopqrstuvwxyz',
  verifyUrl: 'https://rozum.example/verify?code=abcdefghijklmnopqrstuvwxyz',
};

/** Dark pixels in the band where the holder's name is drawn (same layout either way: one line of text). */
async function inkInNameBand(holder: string): Promise<number> {
  const raster = new Resvg(await certificateSvg({ ...base, holder }), { background: '#FFFFFF' }).render();
  // Read the pixels once: each access to .pixels copies the whole image out of the native renderer.
  const { pixels, width } = { pixels: raster.pixels, width: raster.width };
  let dark = 0;
  for (let y = 360; y < 470; y++)
    for (let x = 200; x < width - 200; x += 2) if (pixels[(y * width + x) * 4] < 128) dark++;
  return dark;
}

describe('certificate images', () => {
  it('are 1754×1240 PNGs for both kinds and both languages', async () => {
    for (const kind of ['iq', 'professional'] as const) {
      for (const lang of ['uk', 'en'] as const) {
        const png = await renderCertificate({
          ...base,
          kind,
          lang,
          holder: 'Test',
          headline: kind === 'iq' ? 'IQ 100' : 'Creator',
        });
        expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1754, 1240]);
      }
    }
  });

  it.each(['uk', 'en'] as const)(
    'carry a QR code that opens the verification page in their language (%s), read printed and in a 640 px preview',
    async (lang) => {
      const verifyUrl = `https://rozum.example${verifyPath(lang, base.code)}`;
      const png = await renderCertificate({ ...base, lang, holder: 'Test', verifyUrl });
      expect(readQr(png, WIDTH, HEIGHT)).toBe(verifyUrl);
      expect(readQr(png, WIDTH, HEIGHT, 640)).toBe(verifyUrl);
    },
  );

  it('draw the QR code with a quiet zone of four light modules', () => {
    const modules = qrModules(base.verifyUrl);
    const n = modules.length;
    const edge = modules.flatMap((row, y) => row.filter((_, x) => Math.min(x, y, n - 1 - x, n - 1 - y) < QUIET_ZONE));
    expect(QUIET_ZONE).toBe(4);
    expect(edge.length).toBeGreaterThan(0);
    expect(edge.every((dark) => !dark)).toBe(true);
    // The finder pattern starts right inside it.
    expect(modules[QUIET_ZONE][QUIET_ZONE]).toBe(true);
  });

  it('draw a Cyrillic name (the name band is not blank)', async () => {
    const empty = await inkInNameBand('\u00a0'.repeat(12));
    const cyrillic = await inkInNameBand('Їжак Ґудзик-Щербань');
    // Missing glyphs would leave the band as it is with blanks; drawn letters add thousands of dark pixels.
    expect(cyrillic - empty).toBeGreaterThan(2000);
  });
}, 30_000);

describe('certificate names', () => {
  it.each([
    ['Олена Коваль', 'iq', 'uk', '124', 'Олена_Коваль_IQ_UA_124.png'],
    ["John O'Neil-Smith", 'professional', 'en', 'Creator', 'John_O_Neil_Smith_PROFESSIONAL_EN_Creator.png'],
    ['  ', 'iq', 'en', '99', 'User_IQ_EN_99.png'],
  ] as const)('%s → %s', (name, kind, lang, score, file) => {
    expect(certificateFileName(name, kind, lang, score)).toBe(file);
  });

  it('name the holder by full name, else the email before the at-sign, else "User"', () => {
    expect(holderName('Ганна', 'h@x.ua')).toBe('Ганна');
    expect(holderName('  ', 'hanna.s@x.ua')).toBe('hanna.s');
    expect(holderName(null, null)).toBe('User');
  });
});

describe('what a certificate says', () => {
  const row = (kind: 'iq' | 'professional', answers: unknown[], timeSpent: number) =>
    ({
      id: 'x',
      user_id: 'u',
      answers,
      form_id: kind === 'iq' ? 2 : null,
      reliability: kind === 'iq' ? 0.75 : null,
      time_spent: timeSpent,
      created_at: new Date(),
      verification_code: 'c',
      full_name: 'Test',
      email: 't@example.com',
      kind,
    }) as Parameters<typeof certificateFacts>[0];
  const perfect = (ms: number) =>
    iqBank(2).map((q) => ({ questionId: q.id, selectedAnswer: q.correctAnswer, timeSpent: ms }));

  it("gives the results page's reading in its words: the provisional IQ, 95 % interval, band and percentile", () => {
    expect(certificateFacts(row('iq', perfect(30_000), 600_000), 'uk')).toEqual({
      score: '128',
      achieved: 'має попередній IQ-еквівалент',
      headline: 'IQ 128',
      detail: '95-відсотковий інтервал: 116–141 · Попередня категорія: Високий рівень',
      note: 'Це вище, ніж приблизно у 97% людей (95-відсотковий інтервал: від 86% до 99%).',
    });
  });

  it('gives a rushed sheet its caution instead of a band, so no "gifted" or "genius" label', () => {
    const facts = certificateFacts(row('iq', perfect(900), 18_000), 'en');
    expect(facts.detail).toBe('95% interval: 116–141 · With a caution: answered too quickly');
    expect(facts.detail).not.toMatch(/Gifted|Genius|Superior/);
  });

  it('names both types of a career result that stays between them', () => {
    const core = legacyCoreInOrder().map((q) => ({
      questionId: q.id,
      selectedAnswer: q.type >= 8,
      timeSpent: 3000,
    }));
    const tieBreak = tieAfterCore(core).tieBreak.map((q) => ({
      questionId: q.id,
      selectedAnswer: true,
      timeSpent: 3000,
    }));
    const facts = certificateFacts(row('professional', [...core, ...tieBreak], 300_000), 'uk');
    expect(facts).toMatchObject({
      achieved: 'однаково близько до типів особистості',
      headline: 'Бос і Медіатор',
      detail: 'Типи 8 · 9 із дев’яти',
    });
  });
});
