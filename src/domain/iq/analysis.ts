/**
 * Classical item analysis of one IQ form over its answer sheets (DESIGN.md §3.5): how hard each item is, how
 * well it separates stronger from weaker takers, how its distractors draw, and the form's KR-20 reliability,
 * which scoring uses in place of the stated .75 once a form has enough sheets.
 *
 * Every sheet is scored 0/1 on every item, an unanswered item as wrong (as scoring does), so p, the item–rest
 * correlations and KR-20 are all computed over the same n sheets and agree with one another.
 *
 * The point-biserial here is the corrected item–rest correlation: the item's 0/1 score against the number correct
 * on the *other* items. The uncorrected one (against the total, which contains the item) correlates the item with
 * itself in part; on a 20-item form that adds about 0.1 to every value (0.07–0.13 on the unit test's simulated
 * form) and makes a useless item look fair. The corrected one is near 0 for an item unrelated to the rest of the
 * form, which is what a reviewer needs to see.
 */

/** Every IQ item offers six options. */
export const OPTION_COUNT = 6;
/** A sheet's choice for an item it left unanswered. */
export const UNANSWERED = -1;

export interface AnalysisItem {
  id: number;
  correctAnswer: number;
}

/** One taker's chosen option per item, in the order of the form's items; UNANSWERED where none was chosen. */
export type Sheet = readonly number[];

export interface ItemAnalysis {
  id: number;
  /** Sheets that chose one of the options for this item. */
  n: number;
  /** Proportion of all the form's sheets that chose the key; null without sheets. */
  p: number | null;
  /** Corrected item–rest correlation; null when the item or the rest score does not vary. */
  pointBiserial: number | null;
  /** Share of all sheets choosing each option (index = option), and leaving the item unanswered; null without sheets. */
  optionShares: { options: number[]; unanswered: number } | null;
}

export interface FormAnalysis {
  /** Sheets analysed. */
  n: number;
  /** Kuder–Richardson 20 of the number-correct score; null with fewer than 2 sheets or no spread in scores. */
  kr20: number | null;
  items: ItemAnalysis[];
}

const mean = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Population variance: KR-20 is defined with it, and the correlations use the same divisor on both sides. */
function variance(xs: readonly number[]): number {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length;
}

/** Pearson correlation; null when either side is constant (or too few pairs). */
export function correlation(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  // Sums of squares of 0/1 data are exact multiples of 1/n, so a tiny floor only catches true constants.
  if (sxx < 1e-12 || syy < 1e-12) return null;
  return sxy / Math.sqrt(sxx * syy);
}

/** KR-20 = k/(k−1) · (1 − Σ p·q / var(X)), X the number correct, over 0/1 item scores (rows = sheets). */
export function kr20(scores: readonly (readonly number[])[]): number | null {
  const n = scores.length;
  const k = n ? scores[0].length : 0;
  if (n < 2 || k < 2) return null;
  const totals = scores.map((row) => row.reduce((s, x) => s + x, 0));
  const totalVariance = variance(totals);
  if (totalVariance < 1e-12) return null;
  let sumPq = 0;
  for (let j = 0; j < k; j++) {
    const p = scores.reduce((s, row) => s + row[j], 0) / n;
    sumPq += p * (1 - p);
  }
  return (k / (k - 1)) * (1 - sumPq / totalVariance);
}

function analyseItem(
  item: AnalysisItem,
  j: number,
  sheets: readonly Sheet[],
  scores: number[][],
  totals: number[],
): ItemAnalysis {
  const n = sheets.length;
  const counts = new Array<number>(OPTION_COUNT).fill(0);
  let unanswered = 0;
  for (const sheet of sheets) {
    const choice = sheet[j];
    if (Number.isInteger(choice) && choice >= 0 && choice < OPTION_COUNT) counts[choice]++;
    else unanswered++;
  }
  const own = scores.map((row) => row[j]);
  const rest = totals.map((total, i) => total - own[i]);
  return {
    id: item.id,
    n: n - unanswered,
    p: n ? own.reduce((s, x) => s + x, 0) / n : null,
    pointBiserial: correlation(own, rest),
    optionShares: n ? { options: counts.map((c) => c / n), unanswered: unanswered / n } : null,
  };
}

export function analyseForm(items: readonly AnalysisItem[], sheets: readonly Sheet[]): FormAnalysis {
  const scores = sheets.map((sheet) => items.map((item, j): number => (sheet[j] === item.correctAnswer ? 1 : 0)));
  const totals = scores.map((row) => row.reduce((s, x) => s + x, 0));
  return {
    n: sheets.length,
    kr20: kr20(scores),
    items: items.map((item, j) => analyseItem(item, j, sheets, scores, totals)),
  };
}
