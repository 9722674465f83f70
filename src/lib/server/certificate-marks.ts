/**
 * The marks of a certificate besides its text: the QR code of its verification page and the seal. Both are SVG we
 * draw; the QR code's modules come from uqr (the encoding is theirs, the drawing ours).
 */
import { encode } from 'uqr';
import { brandMark, el, svgImage, type Node } from './png.ts';

/** Light modules around the code, as ISO/IEC 18004 asks, so a scanner finds its edge on any background. */
export const QUIET_ZONE = 4;
/** 6 px a module: 1 mm on the certificate printed at A4 (1754 px over 297 mm), 2-3 px in a preview on a screen. */
export const QR_MODULE_PX = 6;

/** The QR code's modules for a text, quiet zone included; error correction M (15 %), so a fold or smudge still scans. */
export const qrModules = (text: string): boolean[][] => encode(text, { ecc: 'M', border: QUIET_ZONE }).data;

/** One path of the dark modules, a run of them per rectangle, in module units. */
function qrPath(modules: boolean[][]): string {
  let d = '';
  modules.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let end = x;
      while (row[end + 1]) end++;
      d += `M${x} ${y}h${end - x + 1}v1h-${end - x + 1}z`;
      x = end;
    }
  });
  return d;
}

/** The QR code of a text as an image node, QR_MODULE_PX a module, on white. */
export function qrCode(text: string, ink: string): Node {
  const modules = qrModules(text);
  const n = modules.length;
  const px = n * QR_MODULE_PX;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${n} ${n}" width="${px}" height="${px}" shape-rendering="crispEdges"><rect width="${n}" height="${n}" fill="#fff"/><path d="${qrPath(modules)}" fill="${ink}"/></svg>`;
  return svgImage(svg, px, px);
}

/** The rosette behind the seal's mark: a serrated disc, a white ring, a ring of dots and a white centre. */
function rosette(colour: string): string {
  const points = 48;
  const edge = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 ? 108 : 120;
    const a = (Math.PI * i) / points;
    return `${(120 + r * Math.sin(a)).toFixed(2)},${(120 - r * Math.cos(a)).toFixed(2)}`;
  }).join(' ');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 240"><polygon points="${edge}" fill="${colour}"/><circle cx="120" cy="120" r="98" fill="none" stroke="#fff" stroke-width="3"/><circle cx="120" cy="120" r="89" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-dasharray="0 9.32"/><circle cx="120" cy="120" r="78" fill="#fff"/><circle cx="120" cy="120" r="72" fill="none" stroke="${colour}" stroke-width="2"/></svg>`;
}

/** The seal: the brand's mark (the "R" in a rounded square) inside the rosette, size × size. */
export function seal(size: number, colour: string): Node {
  const mark = Math.round(size * 0.34);
  return el(
    'div',
    { display: 'flex', position: 'relative', width: size, height: size },
    svgImage(rosette(colour), size, size, { position: 'absolute', top: 0, left: 0 }),
    // Positioned too, and after the rosette, so it is painted over it (as CSS paints positioned boxes).
    el(
      'div',
      {
        display: 'flex',
        position: 'absolute',
        top: 0,
        left: 0,
        width: size,
        height: size,
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
      },
      brandMark(mark, Math.round(mark * 0.22), colour, '#FFFFFF'),
      el(
        'div',
        {
          display: 'flex',
          marginTop: 4,
          fontSize: Math.round(size * 0.085),
          fontWeight: 700,
          color: colour,
          letterSpacing: 2,
        },
        'ROZUM',
      ),
    ),
  );
}
