// Renders the favicon, app icons and social preview images (1200×630) from SVG. Run once after a brand change:
// `node scripts/make-icons.mjs`; the PNGs are committed under public/.
import { readFileSync, writeFileSync } from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const logo = readFileSync('public/favicon.svg', 'utf8');
const png = (svg, width) => new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: true } }).render().asPng();

for (const [file, size] of [['public/icon-192.png', 192], ['public/icon-512.png', 512], ['public/apple-touch-icon.png', 180]]) {
  writeFileSync(file, png(logo, size));
}

// favicon.ico holding one 32×32 PNG (the ICO format allows PNG payloads).
const small = png(logo, 32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(1, 4);
header.writeUInt8(32, 6); header.writeUInt8(32, 7); header.writeUInt16LE(1, 10); header.writeUInt16LE(32, 12);
header.writeUInt32LE(small.length, 14); header.writeUInt32LE(22, 18);
writeFileSync('public/favicon.ico', Buffer.concat([header, small]));

const mark = logo.replace('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">', '').replace('</svg>', '');
const social = (withLogo) => `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1D4ED8"/><stop offset="1" stop-color="#3B82F6"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1040" cy="120" r="220" fill="#ffffff" opacity="0.08"/><circle cx="1120" cy="560" r="160" fill="#ffffff" opacity="0.08"/>
  ${withLogo ? `<g transform="translate(96 150) scale(3)">${mark}</g>` : ''}
  <text x="${withLogo ? 330 : 96}" y="290" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="112" fill="#ffffff">Rozum</text>
  <text x="96" y="440" font-family="DejaVu Sans, sans-serif" font-size="48" fill="#ffffff">IQ · 9 types · careers</text>
  <text x="96" y="510" font-family="DejaVu Sans, sans-serif" font-size="36" fill="#DBEAFE">rozum · uk / en</text>
</svg>`;
writeFileSync('public/og/default.png', png(social(false), 1200));
writeFileSync('public/og/logo.png', png(social(true), 1200));
console.log('icons written');
