// Renders the favicon and app icons from SVG. Run once after a brand change: `node scripts/make-icons.mjs`; the PNGs
// are committed under public/. (The social preview cards are drawn by the build: src/pages/og/[lang]/[card].png.ts.)
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const logo = readFileSync('public/favicon.svg', 'utf8');
const png = (svg, width) =>
  new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: true } }).render().asPng();

for (const [file, size] of [
  ['public/icon-192.png', 192],
  ['public/icon-512.png', 512],
  ['public/apple-touch-icon.png', 180],
]) {
  writeFileSync(file, png(logo, size));
}

// favicon.ico holding one 32×32 PNG (the ICO format allows PNG payloads).
const small = png(logo, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6);
header.writeUInt8(32, 7);
header.writeUInt16LE(1, 10);
header.writeUInt16LE(32, 12);
header.writeUInt32LE(small.length, 14);
header.writeUInt32LE(22, 18);
writeFileSync('public/favicon.ico', Buffer.concat([header, small]));

console.log('icons written');
