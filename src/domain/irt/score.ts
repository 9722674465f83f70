/**
 * Scoring a sheet: the expected a posteriori (EAP) ability with a N(0, 1) prior, and its posterior standard
 * deviation — the person's own uncertainty, wider at the ends of the scale where the form has few items. The
 * posterior is taken over a quadrature (49 Gauss–Hermite points unless said: EAP needs more than calibration,
 * because a single sheet's posterior is narrower than the population's). Pure.
 */
import { probability, type ItemParameters, type Responses } from './model.ts';
import { gaussHermite, type Quadrature } from './quadrature.ts';

export interface Reading {
  theta: number;
  sd: number;
  /**
   * The log of the sheet's marginal likelihood under the model, ∫ L(u | θ) φ(θ) dθ over the same quadrature: how
   * likely the whole pattern is for someone drawn from the population (what a Bayes factor against another account
   * of the sheet, such as blind picking, compares).
   */
  logMarginal: number;
}

/** The quadrature points EAP integrates over unless told otherwise. */
export const EAP_POINTS = 49;
let defaultPoints: Quadrature | null = null;

export function eap(items: ItemParameters[], responses: Responses, quadrature?: Quadrature): Reading {
  if (responses.length !== items.length) throw new Error('eap: one response per item');
  const q = quadrature ?? (defaultPoints ??= gaussHermite(EAP_POINTS));
  let total = 0;
  let first = 0;
  let second = 0;
  for (let k = 0; k < q.points.length; k++) {
    const t = q.points[k];
    let like = q.weights[k];
    items.forEach((item, j) => {
      const u = responses[j];
      if (u === null || u === undefined) return;
      const p = probability(t, item);
      like *= u === 1 ? p : 1 - p;
    });
    total += like;
    first += like * t;
    second += like * t * t;
  }
  const theta = first / total;
  return { theta, sd: Math.sqrt(Math.max(0, second / total - theta * theta)), logMarginal: Math.log(total) };
}
