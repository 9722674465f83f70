/**
 * Icons and flags as inline SVG, instead of emoji: Linux often has no emoji glyph and Windows draws flags as two
 * letters. Islands render them like any component; .astro files render them to static markup with no client
 * directive, so they ship no JavaScript. Sized in em to follow the text; monochrome icons draw in currentColor.
 */
import type { ReactNode } from 'react';

const LINES = {
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" />
      <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 14.5v2.5" />
    </>
  ),
  medal: (
    <>
      <path d="M8.5 11 5.5 2.5h4L12 8l2.5-5.5h4l-3 8.5" />
      <circle cx="12" cy="15.5" r="5.5" />
      <path d="m12 13 .8 1.6 1.7.2-1.2 1.2.3 1.7-1.6-.8-1.6.8.3-1.7-1.2-1.2 1.7-.2z" />
    </>
  ),
  warning: <path d="M12 3.5 2.5 20h19zM12 10v4.5M12 17.2v.1" />,
  check: <path d="m4.5 12.5 5 5 10-11" />,
  'trend-up': <path d="m3 17.5 6-6 4 4 8-8M15 7.5h6v6" />,
  people: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20.5a6.5 6.5 0 0 1 13 0M15.5 4.8a3.3 3.3 0 0 1 0 6.4M18 14.5a6.5 6.5 0 0 1 3.5 6" />
    </>
  ),
  star: <path d="m12 2.8 2.9 5.9 6.4.9-4.7 4.5 1.1 6.4-5.7-3-5.7 3 1.1-6.4-4.7-4.5 6.4-.9z" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof LINES;

/** A line icon, decorative: hidden from assistive technology, as the text beside it says what it means. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {LINES[name]}
    </svg>
  );
}

/** The 50 stars of the US flag, in its official geometry (hoist 100): nine rows of six and five. */
const usStars = Array.from({ length: 9 }, (_, row) =>
  Array.from({ length: row % 2 ? 5 : 6 }, (_, i) => {
    const [cx, cy] = [6.3 * (2 * i + 1 + (row % 2)), 5.4 * (row + 1)];
    const points = Array.from({ length: 10 }, (_, k) => {
      const [r, a] = [k % 2 ? 1.18 : 3.08, -Math.PI / 2 + (k * Math.PI) / 5];
      return `${(cx + r * Math.cos(a)).toFixed(1)} ${(cy + r * Math.sin(a)).toFixed(1)}`;
    });
    return `M${points.join('L')}Z`;
  }).join(''),
).join('');
const usStripes = [1, 3, 5, 7, 9, 11].map((k) => `M0 ${((k * 100) / 13).toFixed(2)}h190v7.69H0z`).join('');

/** Each flag at its own proportions (width × height) in national colours; the Union Jack without its clip paths. */
const FLAGS = {
  UA: [3, 2, <path key="f" d="M0 0h3v1H0z" fill="#0057b7" />, <path key="s" d="M0 1h3v1H0z" fill="#ffd700" />],
  JP: [3, 2, <path key="f" d="M0 0h3v2H0z" fill="#fff" />, <circle key="s" cx="1.5" cy="1" r=".6" fill="#bc002d" />],
  GB: [
    60,
    30,
    <path key="f" d="M0 0h60v30H0z" fill="#012169" />,
    <path key="d" d="M0 0l60 30M60 0L0 30" stroke="#fff" strokeWidth={6} />,
    <path
      key="r"
      d="M0 0l30 15h-4.47L0 2.24zM60 30L30 15h4.47L60 27.76zM60 0L30 15v-2.24L55.53 0zM0 30l30-15v2.24L4.47 30z"
      fill="#c8102e"
    />,
    <path key="c" d="M30 0v30M0 15h60" stroke="#fff" strokeWidth={10} />,
    <path key="s" d="M30 0v30M0 15h60" stroke="#c8102e" strokeWidth={6} />,
  ],
  DE: [
    5,
    3,
    <path key="b" d="M0 0h5v1H0z" fill="#000" />,
    <path key="r" d="M0 1h5v1H0z" fill="#dd0000" />,
    <path key="g" d="M0 2h5v1H0z" fill="#ffce00" />,
  ],
  US: [
    190,
    100,
    <path key="f" d="M0 0h190v100H0z" fill="#b22234" />,
    <path key="w" d={usStripes} fill="#fff" />,
    <path key="u" d="M0 0h76v53.85H0z" fill="#3c3b6e" />,
    <path key="s" d={usStars} fill="#fff" />,
  ],
} satisfies Record<string, [number, number, ...ReactNode[]]>;

export type FlagCode = keyof typeof FLAGS;
export const FLAG_CODES = Object.keys(FLAGS) as FlagCode[];
export const isFlagCode = (code: string): code is FlagCode => Object.hasOwn(FLAGS, code);

/**
 * A country's flag, decorative: it stands beside the country's name. Every flag takes the same 3 × 2 box, centred
 * at its own proportions, so the names after a column of flags line up; a faint edge keeps white visible on white.
 */
export function Flag({ code }: { code: FlagCode }) {
  const [w, h, ...parts] = FLAGS[code];
  const scale = Math.min(30 / w, 20 / h);
  const [x, y] = [(30 - w * scale) / 2, (20 - h * scale) / 2];
  return (
    <svg className="icon icon-flag" viewBox="0 0 30 20" width="1.5em" height="1em" aria-hidden="true" focusable="false">
      <svg x={x} y={y} width={w * scale} height={h * scale} viewBox={`0 0 ${w} ${h}`} overflow="hidden">
        {parts}
      </svg>
      <rect
        x={x + 0.4}
        y={y + 0.4}
        width={w * scale - 0.8}
        height={h * scale - 0.8}
        fill="none"
        stroke="#000"
        strokeOpacity={0.2}
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}
