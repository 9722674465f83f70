/**
 * The item report (`npm run items:report -- --params … --input …`): per item its parameters with their standard
 * errors, item fit (S-X², fit.ts), its strongest residual correlation (Q3, local-dependence.ts), uk/en DIF
 * (Mantel–Haenszel, dif.ts), and whether it should be rewritten, with the reasons. An item is flagged when any of:
 *
 * - S-X² misfits: p < .01 after the Benjamini–Hochberg adjustment over the form's items (a form is many tests at
 *   once; BH keeps the share of false flags among the flagged at 1 %, where Bonferroni would miss real misfit);
 * - it discriminates weakly or backwards: a < 0.3 on the logistic metric (no 1.7), a slope at b under 0.075 per SD;
 * - ETS DIF class C between the Ukrainian and English sheets;
 * - it is in a locally dependent pair: Q3 more than 0.2 above the form's mean Q3;
 * - its guessing, where estimated, is above 0.35 — more than twice a six-option item's chance of 1/6.
 *
 * Pure: the command reads the files and prints.
 */
import type { CalibratedItem, ResponseData } from './calibrate.ts';
import { itemStrata, mantelHaenszel, type DifGroup, type MantelHaenszel } from './dif.ts';
import { completeSheets, sX2 } from './fit.ts';
import { eapThetas, q3, Q3_ABOVE_MEAN } from './local-dependence.ts';
import { benjaminiHochberg } from './probability.ts';

export const FLAG_RULES = {
  fitAdjustedP: 0.01,
  minA: 0.3,
  q3AboveMean: Q3_ABOVE_MEAN,
  maxEstimatedC: 0.35,
  difClass: 'C',
} as const;

export interface ItemReportRow extends CalibratedItem {
  fit: { sx2: number; df: number; p: number | null; pAdjusted: number | null };
  q3: { max: number; partner: string } | null;
  dif: (MantelHaenszel & { reference: number; focal: number }) | null;
  reasons: string[];
}

export interface ItemReport {
  sheets: number;
  completeSheets: number;
  q3Mean: number;
  dependentPairs: { items: [string, string]; q3: number }[];
  items: ItemReportRow[];
}

export interface ItemReportInput {
  /** In the order of `data.items`. */
  items: CalibratedItem[];
  data: ResponseData;
  /** Estimated parameters per item: 2 (2PL, or c fixed) or 3 (c estimated). */
  parameters: 2 | 3;
  /** Per row of `data`: which DIF group the sheet belongs to; none given, no DIF. */
  groups?: DifGroup[];
}

const fixed = (x: number, digits: number) => x.toFixed(digits);

export function itemReport({ items, data, parameters, groups }: ItemReportInput): ItemReport {
  const fits = sX2(items, data, { parameters });
  const adjusted = benjaminiHochberg(fits.map((f) => f.p));
  const weights = data.rows.map((_, r) => data.weights?.[r] ?? 1);
  const ld = q3(items, data.rows, eapThetas(items, data.rows), weights);
  const complete = completeSheets(data);
  const rows = complete.map((s) => s.row);
  const completeGroups = complete.map((s) => groups?.[s.index] ?? null);
  const sheetWeights = complete.map((s) => s.weight);
  const count = (g: DifGroup) => complete.reduce((n, s, k) => n + (completeGroups[k] === g ? s.weight : 0), 0);
  const reference = count('reference');
  const focal = count('focal');

  const report = items.map((item, j): ItemReportRow => {
    const fit = { sx2: fits[j].sx2, df: fits[j].df, p: fits[j].p, pAdjusted: adjusted[j] };
    const own = ld.pairs.filter((p) => p.i === j || p.j === j);
    const strongest = own.reduce<(typeof own)[number] | null>(
      (best, p) => (best === null || Math.abs(p.q3) > Math.abs(best.q3) ? p : best),
      null,
    );
    const q3Row = strongest && { max: strongest.q3, partner: items[strongest.i === j ? strongest.j : strongest.i].id };
    const mh =
      groups && reference > 0 && focal > 0 ? mantelHaenszel(itemStrata(rows, completeGroups, j, sheetWeights)) : null;
    const dif = mh && { ...mh, reference, focal };

    const reasons: string[] = [];
    if (fit.pAdjusted !== null && fit.pAdjusted < FLAG_RULES.fitAdjustedP)
      reasons.push(`misfit: S-X² ${fixed(fit.sx2, 1)} on ${fit.df} df, adjusted p ${fit.pAdjusted.toExponential(1)}`);
    if (item.a < FLAG_RULES.minA)
      reasons.push(item.a <= 0 ? `a ${fixed(item.a, 2)}: backwards` : `a ${fixed(item.a, 2)}: weak`);
    if (dif?.ets === FLAG_RULES.difClass) reasons.push(`DIF class C: Δ ${fixed(dif.delta, 2)}`);
    for (const p of ld.flagged.filter((p) => p.i === j || p.j === j))
      reasons.push(`dependent on ${items[p.i === j ? p.j : p.i].id}: Q3 ${fixed(p.q3, 2)}`);
    if (parameters === 3 && item.c > FLAG_RULES.maxEstimatedC) reasons.push(`c ${fixed(item.c, 2)}: guessable`);
    return { ...item, fit, q3: q3Row, dif, reasons };
  });

  return {
    sheets: data.rows.reduce((n, _, r) => n + weights[r], 0),
    completeSheets: complete.reduce((n, s) => n + s.weight, 0),
    q3Mean: ld.mean,
    dependentPairs: ld.flagged.map((p) => ({ items: [items[p.i].id, items[p.j].id], q3: p.q3 })),
    items: report,
  };
}
