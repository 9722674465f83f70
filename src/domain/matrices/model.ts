/**
 * The vocabulary of generated matrix items (Sandia-matrices style): a panel is a record of attributes, a matrix
 * is 3×3 panels whose attributes follow rules along the rows, and the last panel is missing.
 */
export const SHAPES = ['circle', 'square', 'triangle', 'diamond', 'pentagon', 'star'] as const;
export type Shape = (typeof SHAPES)[number];

/** The eight outer cells of a panel's 3×3 sub-grid, clockwise from the top-left, then the centre (8). */
export const POSITIONS = [
  'top-left',
  'top',
  'top-right',
  'right',
  'bottom-right',
  'bottom',
  'bottom-left',
  'left',
  'centre',
] as const;

/** Line segments of the "lines" family, as bits of a mask. */
export const SEGMENTS = [
  'top',
  'right',
  'bottom',
  'left',
  'diagonal-down',
  'diagonal-up',
  'vertical',
  'horizontal',
] as const;

export type Family = 'objects' | 'position' | 'lines';

export interface Panel {
  /** Index into SHAPES. */
  shape: number;
  /** 1–4 shapes in the panel ("objects"). */
  count: number;
  /** 0 small, 1 medium, 2 large, 3 huge. */
  size: number;
  /** 0 white, 1 hatched, 2 black. */
  fill: number;
  /** Quarter turns clockwise, 0–3 (triangles only). */
  rotation: number;
  /** Index into POSITIONS ("position" family). */
  position: number;
  /** Bit mask over SEGMENTS ("lines" family); 0 when unused. */
  lines: number;
}

export type Attribute = keyof Panel;
export const ATTRIBUTES: Attribute[] = ['shape', 'count', 'size', 'fill', 'rotation', 'position', 'lines'];

/** The values an attribute can take, and whether it wraps around (turns, positions on the ring). */
export const DOMAIN: Record<Exclude<Attribute, 'lines'>, { min: number; max: number; cyclic?: number }> = {
  shape: { min: 0, max: SHAPES.length - 1 },
  count: { min: 1, max: 4 },
  size: { min: 0, max: 3 },
  fill: { min: 0, max: 2 },
  rotation: { min: 0, max: 3, cyclic: 4 },
  position: { min: 0, max: 7, cyclic: 8 },
};

export type RuleKind =
  'constant' | 'row-constant' | 'progression' | 'distribution' | 'addition' | 'subtraction' | 'xor';

export interface Matrix {
  family: Family;
  /** panels[row][col]; panels[2][2] is the answer, hidden from the test-taker. */
  panels: Panel[][];
  /** The rules the generator used, per attribute (for explanations and tests). */
  rules: Partial<Record<Attribute, RuleKind>>;
}

export interface MatrixItem {
  matrix: Matrix;
  /** Six candidate panels in display order. */
  options: Panel[];
  correctAnswer: number;
}

export const samePanel = (a: Panel, b: Panel): boolean => ATTRIBUTES.every((k) => a[k] === b[k]);
export const differingAttributes = (a: Panel, b: Panel): Attribute[] => ATTRIBUTES.filter((k) => a[k] !== b[k]);
