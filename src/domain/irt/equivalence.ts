/**
 * Are the groups that took each form equivalent? (issue 29, point 4.) First sittings are assigned to the served
 * forms at random (bank.ts nextIqForm), so the groups should differ by chance alone: in size, in language, and in
 * what every form presents alike — the anchors, whose number right is the one score all groups are measured on. A
 * difference beyond chance means the assignment is not random in practice (a form served more to one kind of
 * visitor, a form whose sittings are abandoned more), and the forms' groups cannot be taken as one population; the
 * concurrent calibration still links the forms through the anchors, but the report says so.
 *
 * Three tests, each at α = .01 (three tests a report, run again each day: a stricter level than .05 keeps the false
 * alarms rare):
 * - **size**: Pearson's chi-square goodness of fit of the groups' sizes to equal shares, df k − 1;
 * - **language**: Pearson's chi-square test of independence of form and language, df (k − 1)(r − 1);
 * - **anchors**: the Kruskal–Wallis test of the anchors' number right across forms, with the correction for ties
 *   (Hollander & Wolfe, Nonparametric Statistical Methods, 1973, pp. 115–120; as R's kruskal.test), df k − 1 — a
 *   rank test, since a score of 0–4 is far from normal. With it the largest difference of two groups' anchor means
 *   in pooled standard deviations, the size of a difference where many sheets make a small one significant.
 * Pure; checked against R's printed outputs (tests/unit/irt-equivalence.test.ts).
 */
import { chiSquareUpper } from './probability.ts';

export const EQUIVALENCE_ALPHA = 0.01;

export interface Test {
  statistic: number;
  df: number;
  p: number;
}

/** Pearson's chi-square goodness of fit of counts to equal expected shares. */
export function equalShares(counts: number[]): Test {
  const n = counts.reduce((s, c) => s + c, 0);
  const expected = n / counts.length;
  const statistic = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
  const df = counts.length - 1;
  return { statistic, df, p: chiSquareUpper(statistic, df) };
}

/** Pearson's chi-square test of independence of a table's rows and columns (no continuity correction). */
export function independence(table: number[][]): Test {
  const rows = table.map((row) => row.reduce((s, c) => s + c, 0));
  const columns = table[0].map((_, j) => table.reduce((s, row) => s + row[j], 0));
  const n = rows.reduce((s, c) => s + c, 0);
  // Rows or columns with no count carry no information (and no expected count): leave them out of df as R would
  // refuse them.
  const keptRows = rows.filter((r) => r > 0).length;
  const keptColumns = columns.filter((c) => c > 0).length;
  let statistic = 0;
  table.forEach((row, i) =>
    row.forEach((observed, j) => {
      const expected = (rows[i] * columns[j]) / n;
      if (expected > 0) statistic += (observed - expected) ** 2 / expected;
    }),
  );
  const df = (keptRows - 1) * (keptColumns - 1);
  return { statistic, df, p: df > 0 ? chiSquareUpper(statistic, df) : 1 };
}

/** The Kruskal–Wallis rank sum test of k samples, midranks for ties and the tie correction. */
export function kruskalWallis(samples: number[][]): Test {
  const all = samples.flatMap((values, g) => values.map((value) => ({ value, g })));
  all.sort((a, b) => a.value - b.value);
  const n = all.length;
  const rankSums = samples.map(() => 0);
  let ties = 0;
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && all[j + 1].value === all[i].value) j++;
    const midrank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) rankSums[all[k].g] += midrank;
    const t = j - i + 1;
    ties += t ** 3 - t;
    i = j + 1;
  }
  const groups = samples.filter((s) => s.length > 0).length;
  const df = groups - 1;
  const sum = samples.reduce((s, values, g) => (values.length ? s + rankSums[g] ** 2 / values.length : s), 0);
  const h = (12 / (n * (n + 1))) * sum - 3 * (n + 1);
  const correction = 1 - ties / (n ** 3 - n);
  if (df < 1 || correction <= 0) return { statistic: 0, df: Math.max(df, 0), p: 1 };
  const statistic = h / correction;
  return { statistic, df, p: chiSquareUpper(statistic, df) };
}

export interface GroupSheets {
  formId: number;
  /** Each sheet's number right on the anchors, and its language. */
  sheets: { anchorsRight: number; lang: string }[];
}

export interface EquivalenceReport {
  forms: { formId: number; n: number; anchorMean: number; anchorSd: number; shares: Record<string, number> }[];
  languages: string[];
  size: Test;
  language: Test;
  anchors: Test;
  /** The largest difference of two forms' anchor means, in pooled standard deviations. */
  largestDifference: number;
  /** Which tests reject equivalence at EQUIVALENCE_ALPHA. */
  flags: ('size' | 'language' | 'anchors')[];
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/**
 * The three checks on the groups that took each form. A form without a sheet counts in the sizes' test (never being
 * served is the largest imbalance there is) and is left out of the others; with fewer than two forms holding sheets
 * nothing is tested (every p is 1).
 */
export function groupEquivalence(groups: GroupSheets[]): EquivalenceReport {
  const present = groups.filter((g) => g.sheets.length > 0);
  const none: Test = { statistic: 0, df: 0, p: 1 };
  const languages = [...new Set(present.flatMap((g) => g.sheets.map((s) => s.lang)))].sort();
  const forms = present.map(({ formId, sheets }) => {
    const scores = sheets.map((s) => s.anchorsRight);
    const m = mean(scores);
    const sd = Math.sqrt(scores.reduce((s, x) => s + (x - m) ** 2, 0) / Math.max(scores.length - 1, 1));
    const shares = Object.fromEntries(
      languages.map((lang) => [lang, sheets.filter((s) => s.lang === lang).length / sheets.length]),
    );
    return { formId, n: sheets.length, anchorMean: m, anchorSd: sd, shares };
  });
  const tested = present.length > 1;
  const size = tested ? equalShares(groups.map((g) => g.sheets.length)) : none;
  const language = tested
    ? independence(present.map(({ sheets }) => languages.map((lang) => sheets.filter((s) => s.lang === lang).length)))
    : none;
  const anchors = tested ? kruskalWallis(present.map(({ sheets }) => sheets.map((s) => s.anchorsRight))) : none;
  const totalN = forms.reduce((s, f) => s + f.n, 0);
  const pooledVariance =
    forms.reduce((s, f) => s + (f.n - 1) * f.anchorSd ** 2, 0) / Math.max(totalN - forms.length, 1);
  const means = forms.map((f) => f.anchorMean);
  const largestDifference =
    forms.length > 1 && pooledVariance > 0 ? (Math.max(...means) - Math.min(...means)) / Math.sqrt(pooledVariance) : 0;
  const flags = (
    [
      ['size', size],
      ['language', language],
      ['anchors', anchors],
    ] as const
  )
    .filter(([, test]) => test.p < EQUIVALENCE_ALPHA)
    .map(([name]) => name);
  return { forms, languages, size, language, anchors, largestDifference, flags };
}
