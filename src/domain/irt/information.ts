/**
 * How much a form can tell at each ability: the 3PL item information (Birnbaum 1968; Lord 1980, eq. 5-19)
 * I(θ) = a² · (Q/P) · ((P − c)/(1 − c))², summed over the form; its standard error of measurement 1/√I(θ); and the
 * range of abilities the form measures to a stated precision — where a reading may be shown as a number, and
 * beyond which it can only be said as "below" or "above" that end (issue 29, point 3). Pure.
 */
import { probability, type ItemParameters } from './model.ts';

export function itemInformation(item: ItemParameters, theta: number): number {
  const P = probability(theta, item);
  const Q = 1 - P;
  if (P <= 0 || Q <= 0) return 0;
  return item.a * item.a * (Q / P) * ((P - item.c) / (1 - item.c)) ** 2;
}

export const testInformation = (items: ItemParameters[], theta: number): number =>
  items.reduce((sum, item) => sum + itemInformation(item, theta), 0);

/** The standard error of measurement at θ (infinite where the form tells nothing). */
export const standardError = (items: ItemParameters[], theta: number): number =>
  1 / Math.sqrt(testInformation(items, theta));

/**
 * The abilities the form measures with a standard error of at most `maxSe`: the widest interval around the most
 * informative point on a 0.01 grid over [−6, 6] where it holds throughout; null when nowhere.
 */
export function measuredRange(items: ItemParameters[], maxSe: number): [number, number] | null {
  const grid = Array.from({ length: 1201 }, (_, i) => -6 + i / 100);
  const se = grid.map((t) => standardError(items, t));
  let best = 0;
  for (let i = 1; i < grid.length; i++) if (se[i] < se[best]) best = i;
  if (!(se[best] <= maxSe)) return null;
  let low = best;
  let high = best;
  while (low > 0 && se[low - 1] <= maxSe) low--;
  while (high < grid.length - 1 && se[high + 1] <= maxSe) high++;
  return [grid[low], grid[high]];
}
