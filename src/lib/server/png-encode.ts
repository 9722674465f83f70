/**
 * Opaque RGBA pixels → PNG (ISO/IEC 15948), lossless. Our images are text and flat shapes in a few colours on an
 * opaque background: anti-aliased, a certificate has about a hundred distinct colours, so it is written with a
 * palette — one byte a pixel instead of four, which deflates in a fraction of the time and makes a smaller file.
 * An image of more than 256 colours is written as truecolour (RGB) instead.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const INDEXED = 3;
const TRUECOLOUR = 2;
// Four times the palette's 256 colours, so a probe rarely goes past one slot.
const HASH_BITS = 10;
const HASH_SIZE = 1 << HASH_BITS;

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

function header(width: number, height: number, colourType: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  // Bit depth 8; compression, filter and interlace methods 0 (deflate, adaptive filters, none).
  ihdr.set([8, colourType, 0, 0, 0], 8);
  return chunk('IHDR', ihdr);
}

/**
 * Each row as filter type 0 (none) and its palette indices; null when there are more than 256 colours. Throws for a
 * pixel that is not opaque.
 */
function indexed(pixels: Uint32Array, width: number, height: number): { rows: Buffer; palette: Buffer } | null {
  const rows = Buffer.allocUnsafe((width + 1) * height);
  const palette = Buffer.alloc(256 * 3);
  let colours = 0;
  // Open addressing on the colour's hash: a Map's lookups took most of the time at the edges of letters.
  const keys = new Uint32Array(HASH_SIZE);
  const values = new Int16Array(HASH_SIZE).fill(-1);
  let previous = -1;
  let current = 0;
  let o = 0;
  for (let y = 0, p = 0; y < height; y++) {
    rows[o++] = 0;
    for (let x = 0; x < width; x++, p++) {
      const colour = pixels[p];
      if (colour !== previous) {
        let slot = Math.imul(colour, 0x9e3779b1) >>> (32 - HASH_BITS);
        while (values[slot] !== -1 && keys[slot] !== colour) slot = (slot + 1) & (HASH_SIZE - 1);
        if (values[slot] === -1) {
          if (colour >>> 24 !== 0xff) throw new Error('encodeOpaquePng: a pixel is not opaque');
          if (colours === 256) return null;
          keys[slot] = colour;
          values[slot] = colours;
          // Words read from RGBA bytes on a little-endian machine: red is the low byte.
          palette[colours * 3] = colour & 0xff;
          palette[colours * 3 + 1] = (colour >>> 8) & 0xff;
          palette[colours * 3 + 2] = (colour >>> 16) & 0xff;
          colours++;
        }
        previous = colour;
        current = values[slot];
      }
      rows[o++] = current;
    }
  }
  return { rows, palette: palette.subarray(0, colours * 3) };
}

/** Each row as filter type 0 (none) and its pixels' red, green and blue. */
function truecolour(rgba: Uint8Array, width: number, height: number): Buffer {
  const rows = Buffer.allocUnsafe((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0, i = 0; y < height; y++) {
    rows[o++] = 0;
    for (let x = 0; x < width; x++, i += 4) {
      if (rgba[i + 3] !== 0xff) throw new Error('encodeOpaquePng: a pixel is not opaque');
      rows[o++] = rgba[i];
      rows[o++] = rgba[i + 1];
      rows[o++] = rgba[i + 2];
    }
  }
  return rows;
}

/** The PNG of width × height RGBA pixels, every one of them opaque (alpha 255); throws for any other. */
export function encodeOpaquePng(rgba: Uint8Array, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} bytes, got ${rgba.length}`);
  // Whole words of a copy when the bytes do not start on a word's boundary.
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const palette = indexed(pixels, width, height);
  return Buffer.concat([
    SIGNATURE,
    ...(palette
      ? [header(width, height, INDEXED), chunk('PLTE', palette.palette), chunk('IDAT', deflateSync(palette.rows))]
      : [header(width, height, TRUECOLOUR), chunk('IDAT', deflateSync(truecolour(aligned, width, height)))]),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
