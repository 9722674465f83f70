/**
 * The frame every line icon is drawn in, and the lock, which the results pages use alone: importing it from here
 * rather than through Icon.tsx keeps the other icons' drawings out of those pages' bundles (their JS budget).
 */
import type { ReactNode } from 'react';

export const LOCK = (
  <>
    <rect x="4.5" y="10.5" width="15" height="10.5" rx="2" />
    <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 14.5v2.5" />
  </>
);

/** A line icon's SVG, decorative: hidden from assistive technology, as the text beside it says what it means. */
export function IconSvg({ children }: { children: ReactNode }) {
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
      {children}
    </svg>
  );
}
