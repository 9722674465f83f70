/**
 * SVG for a matrix (3×3 panels, the last one a question mark) and for each option. Monochrome with a hatch
 * pattern for the middle fill, so nothing depends on colour.
 */
import { SHAPES, type Family, type Panel } from './model.ts';

const INK = '#111827';
const CELL = 100;
const GAP = 8;
// Dense enough that a small hatched star still reads as hatched, not white.
const HATCH = `<pattern id="hatch" width="4.5" height="4.5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4.5" height="4.5" fill="#fff"/><line x1="0" y1="0" x2="0" y2="4.5" stroke="${INK}" stroke-width="2"/></pattern>`;
const FILLS = ['#ffffff', 'url(#hatch)', INK];

/** Centres of 1–4 objects in a panel. */
const LAYOUTS: [number, number][][] = [
  [],
  [[50, 50]],
  [
    [29, 50],
    [71, 50],
  ],
  [
    [50, 28],
    [28, 70],
    [72, 70],
  ],
  [
    [29, 29],
    [71, 29],
    [29, 71],
    [71, 71],
  ],
];
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

const round = (n: number) => Math.round(n * 10) / 10;
function polygon(cx: number, cy: number, r: number, sides: number, startDeg: number): string {
  return Array.from({ length: sides }, (_, i) => {
    const a = ((startDeg + (360 / sides) * i) * Math.PI) / 180;
    return `${round(cx + r * Math.cos(a))},${round(cy + r * Math.sin(a))}`;
  }).join(' ');
}
function star(cx: number, cy: number, r: number): string {
  return Array.from({ length: 10 }, (_, i) => {
    const a = ((-90 + 36 * i) * Math.PI) / 180;
    const radius = i % 2 === 0 ? r : r * 0.5;
    return `${round(cx + radius * Math.cos(a))},${round(cy + radius * Math.sin(a))}`;
  }).join(' ');
}

function shapeSvg(shape: number, cx: number, cy: number, r: number, fill: number, rotation: number): string {
  const style = `fill="${FILLS[fill]}" stroke="${INK}" stroke-width="3" stroke-linejoin="round"`;
  const turn = rotation ? ` transform="rotate(${rotation * 90} ${cx} ${cy})"` : '';
  switch (SHAPES[shape]) {
    case 'circle':
      return `<circle cx="${cx}" cy="${cy}" r="${round(r * 0.9)}" ${style}/>`;
    case 'square':
      return `<rect x="${round(cx - r * 0.8)}" y="${round(cy - r * 0.8)}" width="${round(r * 1.6)}" height="${round(r * 1.6)}" ${style}/>`;
    case 'triangle':
      // Tall enough that its direction reads at a glance (it points up before rotation).
      return `<polygon points="${round(cx)},${round(cy - r)} ${round(cx + r * 0.8)},${round(cy + r * 0.85)} ${round(cx - r * 0.8)},${round(cy + r * 0.85)}" ${style}${turn}/>`;
    case 'diamond':
      return `<polygon points="${polygon(cx, cy, r, 4, -90)}" ${style}/>`;
    case 'pentagon':
      return `<polygon points="${polygon(cx, cy, r, 5, -90)}" ${style}/>`;
    default:
      return `<polygon points="${star(cx, cy, r * 1.1)}" ${style}/>`;
  }
}

/** The inside of one panel, drawn in a 100×100 box at (x, y). */
export function panelContent(panel: Panel, family: Family, x = 0, y = 0): string {
  const parts: string[] = [];
  if (family === 'objects') {
    const multi = panel.count > 1;
    const r = (multi ? [9, 12.5, 16] : [16, 25, 34])[panel.size];
    for (const [cx, cy] of LAYOUTS[panel.count])
      parts.push(shapeSvg(panel.shape, x + cx, y + cy, r, panel.fill, panel.rotation));
  } else if (family === 'position') {
    for (const [gx, gy] of SPOTS) parts.push(`<circle cx="${x + gx}" cy="${y + gy}" r="1.6" fill="#9ca3af"/>`);
    const [cx, cy] = SPOTS[panel.position];
    parts.push(shapeSvg(panel.shape, x + cx, y + cy, 12, panel.fill, panel.rotation));
  } else {
    SEGMENT_LINES.forEach(([x1, y1, x2, y2], bit) => {
      if (panel.lines & (1 << bit))
        parts.push(
          `<line x1="${x + x1}" y1="${y + y1}" x2="${x + x2}" y2="${y + y2}" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`,
        );
    });
    if (panel.count > 0) parts.push(shapeSvg(panel.shape, x + 50, y + 50, 13, panel.fill, 0));
  }
  return parts.join('');
}

const frame = (x: number, y: number) =>
  `<rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="6" fill="#fff" stroke="#6b7280" stroke-width="2"/>`;

/** The text alternative lives with the question (in the page's language), not inside the picture. */
function document(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><defs>${HATCH}</defs>${body}</svg>\n`;
}

/** The matrix with its missing panel shown as a question mark. */
export function renderMatrix(panels: Panel[][], family: Family): string {
  const size = CELL * 3 + GAP * 2;
  let body = '';
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      const x = c * (CELL + GAP);
      const y = r * (CELL + GAP);
      if (r === 2 && c === 2) {
        body += `<rect x="${x + 1}" y="${y + 1}" width="${CELL - 2}" height="${CELL - 2}" rx="6" fill="#eff6ff" stroke="#1d4ed8" stroke-width="2" stroke-dasharray="6 4"/>`;
        body += `<text x="${x + 50}" y="${y + 66}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="48" font-weight="700" fill="#1d4ed8">?</text>`;
      } else {
        body += frame(x, y) + panelContent(panels[r][c], family, x, y);
      }
    }
  }
  return document(size, size, body);
}

export function renderOption(panel: Panel, family: Family): string {
  return document(CELL, CELL, frame(0, 0) + panelContent(panel, family));
}
