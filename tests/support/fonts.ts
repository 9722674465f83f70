/** Which characters a TrueType/OpenType font has glyphs for: its cmap (formats 4 and 12), read directly. */
import { readFileSync } from 'node:fs';

export function fontCharacters(file: string): Set<number> {
  const font = readFileSync(file);
  const tables = font.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++)
    if (font.toString('latin1', 12 + 16 * i, 16 + 16 * i) === 'cmap') cmap = font.readUInt32BE(20 + 16 * i);
  const chars = new Set<number>();
  for (let i = 0; i < font.readUInt16BE(cmap + 2); i++) {
    const at = cmap + font.readUInt32BE(cmap + 8 + 8 * i);
    const format = font.readUInt16BE(at);
    if (format === 4) {
      const segments = font.readUInt16BE(at + 6) / 2;
      for (let s = 0; s < segments; s++) {
        const end = font.readUInt16BE(at + 14 + 2 * s);
        for (let c = font.readUInt16BE(at + 16 + 2 * segments + 2 * s); c <= end && c < 0xffff; c++) chars.add(c);
      }
    } else if (format === 12) {
      for (let g = 0; g < font.readUInt32BE(at + 12); g++) {
        const end = font.readUInt32BE(at + 20 + 12 * g);
        for (let c = font.readUInt32BE(at + 16 + 12 * g); c <= end; c++) chars.add(c);
      }
    }
  }
  return chars;
}
