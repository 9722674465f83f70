import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { OG_CARDS } from '../../src/config/pages.ts';
import { LANGS, t } from '../../src/i18n/index.ts';
import { OG_HEIGHT, OG_WIDTH, ogCardTexts } from '../../src/lib/seo.ts';
import { renderSocialCard, socialCardSvg } from '../../src/lib/server/social-cards.ts';
import { el, treeToSvg } from '../../src/lib/server/png.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CYRILLIC = /[\u0400-\u04ff]/;
/** Latin words a Ukrainian card may carry: the brand and the name of the test. */
const LATIN_IN_UKRAINIAN = new Set(['Rozum', 'IQ']);

/** Near-white pixels (the letters; the background is blue) in the band where the title and the line are drawn. */
async function inkInTextBand(svg: string): Promise<number> {
  const raster = new Resvg(svg).render();
  // Read the pixels once: each access to .pixels copies the whole image out of the native renderer.
  const { pixels, width } = { pixels: raster.pixels, width: raster.width };
  let ink = 0;
  for (let y = 280; y < 580; y++) for (let x = 80; x < width - 80; x += 2) if (pixels[(y * width + x) * 4] > 200) ink++;
  return ink;
}

describe('social cards', () => {
  it('are 1200×630 PNGs for every screen group in both languages, the languages drawn differently', async () => {
    for (const card of OG_CARDS) {
      const [uk, en] = await Promise.all(LANGS.map((lang) => renderSocialCard(lang, card)));
      for (const png of [uk, en]) {
        expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([OG_WIDTH, OG_HEIGHT]);
      }
      expect(uk.equals(en), card).toBe(false);
    }
  });

  it('draw their title and line (the text band is not blank)', async () => {
    for (const card of OG_CARDS) {
      for (const lang of LANGS) {
        // A missing font or glyph leaves the band blue; two lines of letters make tens of thousands of light pixels.
        expect(await inkInTextBand(await socialCardSvg(lang, card)), `${lang} ${card}`).toBeGreaterThan(5000);
      }
    }
  });

  it("say their title and line in the card's language, from the dictionaries", () => {
    for (const card of OG_CARDS) {
      const uk = ogCardTexts('uk', card);
      const en = ogCardTexts('en', card);
      for (const text of [uk.title, uk.line, en.title, en.line]) expect(text, card).not.toMatch(/^meta\./);
      for (const text of [uk.title, uk.line]) {
        expect(text, card).toMatch(CYRILLIC);
        const latin = text.match(/[A-Za-z]+/g) ?? [];
        expect(
          latin.filter((word) => !LATIN_IN_UKRAINIAN.has(word)),
          `${card}: ${text}`,
        ).toEqual([]);
      }
      for (const text of [en.title, en.line]) expect(text, card).not.toMatch(CYRILLIC);
    }
  });

  it('are described by an alt text in their language that repeats what they say', () => {
    for (const lang of LANGS) {
      for (const card of OG_CARDS) {
        const { title, line } = ogCardTexts(lang, card);
        const alt = t(lang, 'meta.og.image.alt', { title, line });
        expect(alt).toContain(title);
        expect(alt).toContain(line);
        expect(CYRILLIC.test(alt)).toBe(lang === 'uk');
      }
    }
  });

  it.each([
    ['Greek', 'Γειά σου'],
    ['Chinese', '你好'],
    ['Japanese', 'さくら'],
    ['Korean', '안녕'],
    ['Georgian', 'ნინო'],
    ['Armenian', 'Արամ'],
  ])('draw %s, which Golos Text lacks, from the fallback fonts rather than as empty boxes', async (_, text) => {
    const svg = (content: string) =>
      treeToSvg(el('div', { display: 'flex', fontFamily: 'Golos', fontSize: 60, fontWeight: 700 }, content), 600, 100);
    // A character no font has is drawn as the same box whatever it is.
    const missing = await svg('\uffff'.repeat([...text].length));
    expect(await svg(text)).not.toBe(missing);
    expect(await svg(text)).not.toBe(await svg([...text].reverse().join('')));
  });
}, 30_000);
