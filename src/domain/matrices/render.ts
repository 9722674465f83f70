/**
 * SVG for a matrix (3×3 panels, the last one a question mark) and for each option. Monochrome with a hatch
 * pattern for the middle fill, so nothing depends on colour.
 *
 * Every panel of a family is drawn with the same elements in the same order — the six shapes are symbols in
 * <defs>, a figure is a <use> of one, unused figure slots and absent line segments are drawn with opacity 0 — and
 * every number is written with the same number of digits. So an option's markup has the same length, the same
 * element count and the same attribute names whichever option it is: only values differ (DESIGN.md §3.7).
 */
import { SHAPES, type Family, type Panel } from './model.ts';
import { CELL, GAP, MATRIX_SIZE } from './sizes.ts';

const INK = '#111827';

/**
 * The three fills as paint servers of equal-length names (white, hatched, black), so a figure's markup does not
 * grow with its fill. No <style>: the pages' content security policy would refuse one inline.
 */
const solid = (id: string, colour: string) =>
  `<linearGradient id="${id}"><stop stop-color="${colour}"/></linearGradient>`;
// Dense enough that a small hatched star still reads as hatched, not white.
const FILLS = `${solid('f0', '#fff')}<pattern id="f1" width="4.5" height="4.5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4.5" height="4.5" fill="#fff"/><line x1="0" y1="0" x2="0" y2="4.5" stroke="${INK}" stroke-width="2"/></pattern>${solid('f2', INK)}`;

const round = (n: number) => Math.round(n * 10) / 10;
function polygon(r: number, sides: number, startDeg: number): string {
  return Array.from({ length: sides }, (_, i) => {
    const a = ((startDeg + (360 / sides) * i) * Math.PI) / 180;
    return `${round(r * Math.cos(a))},${round(r * Math.sin(a))}`;
  }).join(' ');
}
function starPoints(r: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const a = ((-90 + 36 * i) * Math.PI) / 180;
    const radius = i % 2 === 0 ? r : r * 0.5;
    return `${round(radius * Math.cos(a))},${round(radius * Math.sin(a))}`;
  }).join(' ');
}

/** A shape of radius r around the origin. */
function shapeAt(shape: number, r: number): string {
  switch (SHAPES[shape]) {
    case 'circle':
      return `<circle r="${round(r * 0.9)}"/>`;
    case 'square':
      return `<rect x="${round(-r * 0.8)}" y="${round(-r * 0.8)}" width="${round(r * 1.6)}" height="${round(r * 1.6)}"/>`;
    case 'triangle':
      // Tall enough that its direction reads at a glance (it points up before rotation).
      return `<polygon points="0,${round(-r)} ${round(r * 0.8)},${round(r * 0.85)} ${round(-r * 0.8)},${round(r * 0.85)}"/>`;
    case 'diamond':
      return `<polygon points="${polygon(r, 4, -90)}"/>`;
    case 'pentagon':
      return `<polygon points="${polygon(r, 5, -90)}"/>`;
    default:
      return `<polygon points="${starPoints(r * 1.1)}"/>`;
  }
}

/** Centres of 1–4 objects in a panel; the slots a panel does not use are drawn invisibly at the first centre. */
const LAYOUTS: [number, number][][] = [
  [],
  [[50, 50]],
  [
    [27, 50],
    [73, 50],
  ],
  [
    [50, 27],
    [27, 73],
    [73, 73],
  ],
  [
    [27, 27],
    [73, 27],
    [27, 73],
    [73, 73],
  ],
];
const SLOTS = 4;
/**
 * Radii of the four sizes, the same however many figures a panel holds: a symbol's name then tells its size and
 * nothing else (one name for a size-and-count pair would let markup tell combinations apart).
 */
const RADII = { size: [8, 12, 16, 20], position: 12, lines: 13 };
/** Centres of the sub-grid positions (POSITIONS order). */
const SPOTS: [number, number][] = [
  [20, 20],
  [50, 20],
  [80, 20],
  [80, 50],
  [80, 80],
  [50, 80],
  [20, 80],
  [20, 50],
  [50, 50],
];
const SEGMENT_LINES: [number, number, number, number][] = [
  [12, 12, 88, 12],
  [88, 12, 88, 88],
  [12, 88, 88, 88],
  [12, 12, 12, 88],
  [12, 12, 88, 88],
  [12, 88, 88, 12],
  [50, 12, 50, 88],
  [12, 50, 88, 50],
];

/**
 * Every shape at every radius a family draws, as symbols: the same defs in every picture, so a figure is a <use> of
 * an id of fixed length, drawn at its true size (a scaled symbol would thin its stroke and its hatching).
 */
const SYMBOL_RADII = [...new Set([...RADII.size, RADII.position, RADII.lines])];
const symbolId = (shape: number, r: number) => `s${shape}r${String(r).padStart(2, '0')}`;
const DEFS = `<defs>${FILLS}${SHAPES.map((_, shape) =>
  SYMBOL_RADII.map((r) => `<symbol id="${symbolId(shape, r)}" overflow="visible">${shapeAt(shape, r)}</symbol>`).join(
    '',
  ),
).join('')}</defs>`;

/** A number in a fixed width: three digits (coordinates up to 316 and turns up to 270). */
const n3 = (n: number) => String(Math.round(n)).padStart(3, '0');

/**
 * One figure: all six shapes at its size, stacked, only its own shape visible (none when `shown` is false), inside a
 * group that places it and one that turns it. So each attribute has a token of its own — the place, the turn, the
 * fill, the size in the symbols' names — and an option's markup never names a combination of them.
 */
function figure(shape: number, cx: number, cy: number, r: number, fill: number, rotation: number, shown: boolean) {
  const uses = SHAPES.map((_, s) => `<use href="#${symbolId(s, r)}" opacity="${shown && s === shape ? 1 : 0}"/>`).join(
    '',
  );
  return `<g transform="translate(${n3(cx)} ${n3(cy)})"><g transform="rotate(${n3(rotation * 90)})" fill="url(#f${fill})" stroke="${INK}" stroke-width="3" stroke-linejoin="round">${uses}</g></g>`;
}

function line([x1, y1, x2, y2]: [number, number, number, number], shown: boolean) {
  return `<line x1="${n3(x1)}" y1="${n3(y1)}" x2="${n3(x2)}" y2="${n3(y2)}" opacity="${shown ? 1 : 0}" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`;
}

/**
 * One panel in a 100×100 box placed at (x, y): its frame and the same elements for every panel of a family, in the
 * panel's own coordinates — so a panel of the matrix and an option are written alike.
 */
export function panelContent(panel: Panel, family: Family, x = 0, y = 0): string {
  const parts: string[] = [];
  const turn = SHAPES[panel.shape] === 'triangle' ? panel.rotation : 0;
  if (family === 'objects') {
    const r = RADII.size[panel.size];
    const centres = LAYOUTS[panel.count];
    for (let slot = 0; slot < SLOTS; slot++) {
      const [cx, cy] = centres[slot] ?? centres[0];
      parts.push(figure(panel.shape, cx, cy, r, panel.fill, turn, slot < panel.count));
    }
  } else if (family === 'position') {
    for (const [gx, gy] of SPOTS) parts.push(`<circle cx="${n3(gx)}" cy="${n3(gy)}" r="1.6" fill="#9ca3af"/>`);
    const [cx, cy] = SPOTS[panel.position];
    parts.push(figure(panel.shape, cx, cy, RADII.position, panel.fill, turn, true));
  } else {
    SEGMENT_LINES.forEach((segment, bit) => parts.push(line(segment, (panel.lines & (1 << bit)) !== 0)));
    parts.push(figure(panel.shape, 50, 50, RADII.lines, panel.fill, 0, panel.count > 0));
  }
  return `<g transform="translate(${n3(x)} ${n3(y)})">${FRAME}${parts.join('')}</g>`;
}

const FRAME = `<rect x="1" y="1" width="${CELL - 2}" height="${CELL - 2}" rx="6" fill="#fff" stroke="#6b7280" stroke-width="2"/>`;

/** The text alternative lives with the question (in the page's language), not inside the picture. */
function document(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${DEFS}${body}</svg>\n`;
}

/** The matrix with its missing panel shown as a question mark. */
export function renderMatrix(panels: Panel[][], family: Family): string {
  const size = MATRIX_SIZE;
  let body = '';
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const x = c * (CELL + GAP);
      const y = r * (CELL + GAP);
      if (r === 2 && c === 2) {
        body += `<rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="6" fill="#eff6ff" stroke="#1d4ed8" stroke-width="2" stroke-dasharray="6 4"/>`;
        body += `<text x="${x + 50}" y="${y + 66}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" font-weight="700" fill="#1d4ed8">?</text>`;
      } else {
        body += panelContent(panels[r][c], family, x, y);
      }
    }
  }
  return document(size, size, body);
}

export function renderOption(panel: Panel, family: Family): string {
  return document(CELL, CELL, panelContent(panel, family));
}
