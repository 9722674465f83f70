import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import {
  certificateFileName,
  certificateSvg,
  HEIGHT,
  NAME_WIDTH,
  renderCertificate,
  WIDTH,
  type CertificateData,
} from '../../src/lib/server/certificate-image.ts';
import { fitName, nameSvg } from '../../src/lib/server/certificate-name.ts';
import { nameFontFiles } from '../../src/lib/server/fonts.ts';
import { decodePng } from '../support/png.ts';
import { fontCharacters } from '../support/fonts.ts';
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

  it('name the holder by the full name only: none given is none, never the email (issue 31)', () => {
    expect(holderName('Ганна')).toBe('Ганна');
    expect(holderName('  ')).toBeNull();
    expect(holderName(null)).toBeNull();
  });

  it('count a stored name of invisible characters only as none', () => {
    expect(holderName('\u200b\u3164\u2800')).toBeNull();
    expect(holderName(' Ганна\u200b ')).toBe('Ганна');
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

  it("gives the results page's reading in its words: the provisional IQ, 95 % interval, band, and what the scale is", () => {
    expect(certificateFacts(row('iq', perfect(30_000), 600_000), 'uk')).toEqual({
      score: '128',
      achieved: 'має попередній IQ-еквівалент',
      headline: 'IQ 128',
      // A reading from before item response theory: its interval is said up to the 130 it could place.
      detail:
        '95-відсотковий інтервал: від 116 і вище; ця форма вимірює лише приблизно до 130 · Діапазон попередньої шкали: Високий рівень (120–129)',
      // No percentile, no place among people: the scale's 100 and 15 are the model's assumptions (issue 43).
      note: 'На попередній шкалі тесту: 100 і 15 — припущення моделі, а не норма, виміряна на людях.',
    });
  });

  it('gives a rushed sheet its caution instead of a band, so no "gifted" or "genius" label', () => {
    const facts = certificateFacts(row('iq', perfect(900), 18_000), 'en');
    expect(facts.detail).toBe(
      '95% interval: from 116 up; this form measures only up to about 130 · With a caution: answered too quickly',
    );
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

const HOLDERS = {
  latin: 'Zoë Saldaña',
  cyrillic: 'Їжак Ґудзик-Щербань',
  greek: 'Γιώργος Παπαδόπουλος',
  chinese: '王小明',
  japanese: '佐々木 さくら',
  korean: '김민준',
  arabic: 'محمد عبد الله',
  devanagari: 'अनुष्का शर्मा',
  hebrew: 'דוד כהן',
  georgian: 'ნინო ბერიძე',
  armenian: 'Արամ Խաչատրյան',
  thai: 'สมชาย ใจดี',
  'a 100-character name':
    'Maximilian Alexander Konstantin Bartholomew von Hohenzollern-Sigmaringen und Wittelsbach-Brandenbu',
  'CJK that took three lines': '爱新觉罗·溥仪'.repeat(7),
  'absurd CJK, 100 characters': '王'.repeat(100),
  'one unbroken word': 'W'.repeat(100),
};

/** Whether two RGBA rasters of the certificate agree in the rows from y0 to y1 (exclusive) and columns x0 to x1. */
function sameArea(a: Buffer, b: Buffer, y0: number, y1: number, x0 = 0, x1 = WIDTH): boolean {
  for (let y = y0; y < y1; y++) {
    const row = y * WIDTH * 4;
    if (!a.subarray(row + x0 * 4, row + x1 * 4).equals(b.subarray(row + x0 * 4, row + x1 * 4))) return false;
  }
  return true;
}

describe('holder names in any script', () => {
  it.each(Object.entries(HOLDERS))('have a glyph for every character of %s in the fonts drawn', (_, name) => {
    const covered = nameFontFiles(name).map(fontCharacters);
    const missing = [...name].filter((c) => /\S/u.test(c) && !covered.some((chars) => chars.has(c.codePointAt(0)!)));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(HOLDERS))('draw %s inside its box, with ink, on at most two lines', (_, name) => {
    const { svg, height, fitted } = nameSvg(name, NAME_WIDTH, '#111827');
    expect(fitted.lines.length).toBeLessThanOrEqual(2);
    const drawn = new Resvg(svg, { font: { loadSystemFonts: false } });
    const ink = drawn.innerBBox()!;
    expect(ink.x).toBeGreaterThanOrEqual(0);
    expect(ink.x + ink.width).toBeLessThanOrEqual(NAME_WIDTH);
    expect(ink.y).toBeGreaterThanOrEqual(0);
    expect(ink.y + ink.height).toBeLessThanOrEqual(height);
    // Outlines, not boxes: a missing glyph would be drawn as one rectangle per character.
    expect(ink.width).toBeGreaterThan(fitted.size);
  });

  it('shrink, then wrap to two lines, and shorten with "…" only names no two lines can hold', () => {
    expect(fitName(HOLDERS.latin, NAME_WIDTH)).toEqual({ lines: [HOLDERS.latin], size: 68 });
    const long = fitName(HOLDERS['a 100-character name'], NAME_WIDTH);
    expect(long.lines).toHaveLength(2);
    expect(long.lines.join(' ')).toBe(HOLDERS['a 100-character name']);
    expect(fitName(HOLDERS['CJK that took three lines'], NAME_WIDTH).lines.join('')).toBe(
      HOLDERS['CJK that took three lines'],
    );
    const absurd = fitName(HOLDERS['absurd CJK, 100 characters'], NAME_WIDTH);
    expect(absurd.lines[1]).toMatch(/…$/);
  });

  it.each(['uk', 'en'] as const)(
    'leave the header, the footer (disclaimer, seal, code, address) and the margins as they are whatever the name (%s)',
    async (lang) => {
      const pixels = async (holder: string) =>
        decodePng(await renderCertificate({ ...base, lang, holder }), WIDTH, HEIGHT);
      const reference = await pixels('Test');
      for (const [what, name] of Object.entries(HOLDERS)) {
        const drawn = await pixels(name);
        expect(sameArea(drawn, reference, 0, 190), `${what}: header`).toBe(true);
        expect(sameArea(drawn, reference, 800, HEIGHT), `${what}: footer`).toBe(true);
        expect(sameArea(drawn, reference, 0, HEIGHT, 0, (WIDTH - NAME_WIDTH) / 2), `${what}: left`).toBe(true);
        expect(sameArea(drawn, reference, 0, HEIGHT, (WIDTH + NAME_WIDTH) / 2, WIDTH), `${what}: right`).toBe(true);
      }
    },
    60_000,
  );
});
