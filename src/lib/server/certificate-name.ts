/**
 * The holder's name on a certificate, shaped and drawn by resvg's own text engine (rustybuzz, a port of HarfBuzz,
 * with Unicode bidi) into outlines that satori then places like a picture (./certificate-image.ts). Satori sets text
 * glyph by glyph without shaping, so Arabic would come out as separate letters and Devanagari without its conjuncts.
 * The name is fitted to its box: a smaller size first, then two lines, and an ellipsis only when even two lines at the
 * smallest size cannot hold it — it never leaves the box, so nothing below it moves into the footer.
 */
import { readSvgWithFonts } from './png.ts';
import { FAMILIES, nameFontFiles } from './fonts.ts';

/** Sizes in px, largest first: on one line, then on two. */
const ONE_LINE = [68, 62, 56, 50];
const TWO_LINES = [50, 44, 40, 36];
const LINE_HEIGHT = 1.3;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
/** The space between words, in em, where words are set one by one. */
const WORD_GAP = 0.26;

/**
 * What a line is set as: each word on its own, or, for a line in a right-to-left script, which needs the bidi
 * algorithm over the whole line, the line. Word by word because resvg 2.6 loses the spaces inside a Devanagari run
 * and breaks its conjuncts where the font changes within one text (linebender/resvg#928).
 */
const piecesOf = (line: string) => (RIGHT_TO_LEFT.test(line) ? [line] : line.split(' '));

type Ink = { x: number; width: number };

/**
 * The ink of each piece at 100 px (resvg draws outlines unhinted: it scales with the size), and a line's width as
 * it is set: its pieces with a word space between them.
 */
function measurer(files: string[]) {
  const inks = new Map<string, Ink>();
  const ink = (piece: string): Ink => {
    let found = inks.get(piece);
    if (!found) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="200"><text x="0" y="140" font-family="${FAMILIES}" font-size="100" font-weight="700">${escapeXml(piece)}</text></svg>`;
      const box = readSvgWithFonts(svg, files).innerBBox();
      found = { x: box?.x ?? 0, width: box?.width ?? 0 };
      inks.set(piece, found);
    }
    return found;
  };
  const width = (line: string): number => {
    const pieces = piecesOf(line);
    return pieces.reduce((sum, piece) => sum + ink(piece).width, 0) + WORD_GAP * 100 * (pieces.length - 1);
  };
  return { ink, width };
}

/** The lines as SVG <text>, each centred on `width`, its pieces placed by their ink. */
function textSvg(lines: string[], size: number, width: number, colour: string, ink: (piece: string) => Ink) {
  const lineHeight = Math.round(size * LINE_HEIGHT);
  const scale = size / 100;
  const texts = lines.flatMap((line, i) => {
    // The baseline puts the middle of a capital letter (0.36 em above it) at the middle of the line.
    const y = (i + 0.5) * lineHeight + 0.36 * size;
    const pieces = piecesOf(line);
    let left =
      (width -
        scale * (pieces.reduce((sum, piece) => sum + ink(piece).width, 0) + WORD_GAP * 100 * (pieces.length - 1))) /
      2;
    return pieces.map((piece) => {
      const at = left - ink(piece).x * scale;
      left += (ink(piece).width + WORD_GAP * 100) * scale;
      return `<text x="${at.toFixed(2)}" y="${y.toFixed(2)}">${escapeXml(piece)}</text>`;
    });
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${lineHeight * lines.length}"><g font-family="${FAMILIES}" font-size="${size}" font-weight="700" fill="${colour}">${texts.join('')}</g></svg>`;
}

const graphemes = (text: string) => [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)];

/**
 * Where a name may break between its two lines, as [first line, second line]: at a space, after a hyphen, between
 * the words of a language written without spaces (Chinese, Japanese); a name with none of these anywhere.
 */
function breaks(name: string): [string, string][] {
  const segments = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(name)];
  const cuts: number[] = [];
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
  for (let i = 1; i < segments.length; i++) {
    const before = segments[i - 1].segment;
    const after = segments[i].segment;
    if (/\s/u.test(after)) continue;
    if (/\s$/u.test(before) || /[-‐]$/u.test(before) || (cjk.test(before) && cjk.test(after)))
      cuts.push(segments[i].index);
  }
  const points = cuts.length
    ? cuts
    : graphemes(name)
        .map((g) => g.index)
        .slice(1);
  return points.map((at) => [name.slice(0, at).trimEnd(), name.slice(at).trimStart()]);
}

export interface FittedName {
  lines: string[];
  size: number;
}

/** The largest size and fewest lines at which the name fits `width`, shortened with "…" only as a last resort. */
export function fitName(name: string, width: number, measure = measurer(nameFontFiles(name)).width): FittedName {
  const whole = measure(name);
  const one = ONE_LINE.find((size) => (whole * size) / 100 <= width);
  if (one) return { lines: [name], size: one };
  // The first line grows and the second shrinks as the break moves on: the best break is where they cross.
  const options = breaks(name);
  let low = 0;
  let high = options.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (measure(options[middle][0]) < measure(options[middle][1])) low = middle + 1;
    else high = middle;
  }
  const widest = (i: number) => Math.max(measure(options[i][0]), measure(options[i][1]));
  const best = [low - 1, low].filter((i) => i >= 0 && i < options.length).sort((a, b) => widest(a) - widest(b))[0];
  if (best !== undefined) {
    const two = TWO_LINES.find((size) => (widest(best) * size) / 100 <= width);
    if (two) return { lines: options[best], size: two };
  }
  // Absurdly long: the smallest size, the longest first line that fits, then as much of the rest as fits with "…".
  const size = TWO_LINES[TWO_LINES.length - 1];
  const fits = (line: string) => (measure(line) * size) / 100 <= width;
  const [first, rest] = options[lastWhere(options.length, (i) => fits(options[i][0]))] ?? [
    graphemes(name)[0].segment,
    name,
  ];
  if (fits(rest)) return { lines: [first, rest], size };
  const parts = graphemes(rest).map((g) => g.segment);
  const shortened = (keep: number) => `${parts.slice(0, keep).join('').trimEnd()}…`;
  return { lines: [first, shortened(lastWhere(parts.length + 1, (keep) => fits(shortened(keep))))], size };
}

/** The last i in [0, n) for which `holds` (true up to some i, false after it), by bisection; -1 for none. */
function lastWhere(n: number, holds: (i: number) => boolean): number {
  let low = -1;
  let high = n;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (holds(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/** The fitted name as an SVG of outlines, `width` wide and as tall as its lines, centred. */
export function nameSvg(
  name: string,
  width: number,
  colour: string,
): { svg: string; height: number; fitted: FittedName } {
  const files = nameFontFiles(name);
  const { ink, width: measure } = measurer(files);
  const fitted = fitName(name, width, measure);
  const svg = readSvgWithFonts(textSvg(fitted.lines, fitted.size, width, colour, ink), files).toString();
  return { svg, height: Math.round(fitted.size * LINE_HEIGHT) * fitted.lines.length, fitted };
}
