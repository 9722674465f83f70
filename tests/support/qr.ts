/** Reading a QR code the way a phone would: the PNG's pixels (through resvg, at a chosen width) into jsQR. */
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';

/** The text of the QR code in a PNG of width × height, looked at `seenWidth` pixels wide; null when none is read. */
export function readQr(png: Buffer, width: number, height: number, seenWidth = width): string | null {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const raster = new Resvg(svg, { fitTo: { mode: 'width', value: seenWidth }, background: '#FFFFFF' }).render();
  return jsQR(new Uint8ClampedArray(raster.pixels), raster.width, raster.height)?.data ?? null;
}
