import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { certificateSvg, HEIGHT, WIDTH } from '../../src/lib/server/certificate-image.ts';
import { encodeOpaquePng } from '../../src/lib/server/png-encode.ts';
import { decodePng } from '../support/png.ts';

/** Byte 25 of a PNG, in its header: 2 truecolour (RGB), 3 indexed (palette). */
const colourType = (png: Buffer) => png[25];

describe('PNG encoder', () => {
  it("writes a certificate's pixels as another decoder reads them back, exactly, with a palette", async () => {
    const svg = await certificateSvg({
      kind: 'iq',
      lang: 'uk',
      holder: 'Олена Коваль',
      achieved: 'має попередній IQ-еквівалент',
      headline: 'IQ 124',
      detail: '95-відсотковий інтервал: 112–136',
      note: 'Це вище, ніж приблизно у 95% людей.',
      date: new Date('2025-05-01T00:00:00Z'),
      code: 'abcdefghijklmnopqrstuvwxyz',
      verifyUrl: 'https://rozum.example/verify?code=abcdefghijklmnopqrstuvwxyz',
    });
    const pixels = new Resvg(svg, { background: '#FFFFFF' }).render().pixels;
    const png = encodeOpaquePng(pixels, WIDTH, HEIGHT);
    expect(colourType(png)).toBe(3);
    expect(decodePng(png, WIDTH, HEIGHT).equals(pixels)).toBe(true);
  });

  it('writes an image of more than 256 colours as truecolour, read back exactly', () => {
    const [width, height] = [67, 61];
    const pixels = Buffer.alloc(width * height * 4);
    for (let p = 0; p < width * height; p++) pixels.set([(p * 7) & 255, (p * 13) >> 3, p >> 8, 255], p * 4);
    const png = encodeOpaquePng(pixels, width, height);
    expect(colourType(png)).toBe(2);
    expect(decodePng(png, width, height).equals(pixels)).toBe(true);
  });

  it('refuses pixels that are not all opaque, whose colours it would misstate', () => {
    const pixels = Buffer.alloc(4 * 4 * 4, 255);
    pixels[4 * 5 + 3] = 128;
    expect(() => encodeOpaquePng(pixels, 4, 4)).toThrow(/not opaque/);
  });
});
