/** The drawn sizes of the matrix pictures, in CSS pixels (render.ts draws them; the test page reserves their place). */
export const CELL = 100;
export const GAP = 8;
/** A matrix: three cells and two gaps a side, square. */
export const MATRIX_SIZE = CELL * 3 + GAP * 2;
/** One option: a cell, square. */
export const OPTION_SIZE = CELL;
