/**
 * The item response model every reading uses: three-parameter logistic on the logistic metric, without the 1.7
 * scaling constant — P(right | θ) = c + (1 − c) / (1 + e^(−a(θ − b))). The 2PL is c = 0; a six-option item's
 * guessing floor is c = 1/6.
 */
export interface ItemParameters {
  id: string;
  /** Discrimination (slope). */
  a: number;
  /** Difficulty (location), on the θ scale. */
  b: number;
  /** Lower asymptote: the chance of a right answer with no ability at all (guessing). */
  c: number;
}

export const logistic = (x: number): number => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

export const probability = (theta: number, item: { a: number; b: number; c: number }): number =>
  item.c + (1 - item.c) * logistic(item.a * (theta - item.b));

/** A response sheet: per item of the form, 1 right, 0 wrong, null not presented. */
export type Responses = (0 | 1 | null)[];
