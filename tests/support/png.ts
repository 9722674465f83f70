/** A PNG's pixels as another decoder reads them: resvg's (the png crate, which checks every chunk's CRC). */
import { Resvg } from '@resvg/resvg-js';

/** The RGBA pixels of a PNG of width × height, drawn 1:1 on nothing; throws for a file the decoder refuses. */
export function decodePng(png: Buffer, width: number, height: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}"><image width="${width}" height="${height}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false } });
  // An image resvg cannot decode is left out of the tree, not reported.
  if (resvg.imagesToResolve().length || !resvg.innerBBox()) throw new Error('resvg could not decode the PNG');
  return resvg.render().pixels;
}
