/**
 * Icons as inline SVG, instead of emoji: Linux often has no emoji glyph. Islands render them like any component;
 * .astro files render them to static markup with no client directive, so they ship no JavaScript. Sized in em to
 * follow the text; they draw in currentColor.
 */
import type { ReactNode } from 'react';
import { IconSvg, LOCK } from './icon-svg.tsx';

const LINES = {
  lock: LOCK,
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
  star: <path d="m12 2.8 2.9 5.9 6.4.9-4.7 4.5 1.1 6.4-5.7-3-5.7 3 1.1-6.4-4.7-4.5 6.4-.9z" />,
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof LINES;

/** A line icon, decorative: hidden from assistive technology, as the text beside it says what it means. */
export function Icon({ name }: { name: IconName }) {
  return <IconSvg>{LINES[name]}</IconSvg>;
}
