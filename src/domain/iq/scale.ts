/**
 * The scale an IQ sheet is read on (issue 29): the 3PL parameters of its form's items, the range of abilities the
 * form measures, and the marginal reliability of the reading it gives. Until a calibration holds every item of a
 * form, the form is read on provisional parameters derived from its difficulty labels (a = 1, b −1/0/+1, c = 1/6:
 * src/domain/irt/simulate.ts provisionalItem), and the page says so. A calibration (iq_scales, written by the
 * scheduled recalibration) keys its parameters by item version, so one calibration can hold several forms' items
 * and an edited item is never read with the old one's numbers. Pure; cached per scale and form.
 */
import { iqBank } from './bank.ts';
import { itemVersion } from './item-version.ts';
import { provisionalItem } from '../irt/simulate.ts';
import { measuredRange } from '../irt/information.ts';
import { probability, type ItemParameters, type Responses } from '../irt/model.ts';
import { EAP_POINTS, eap } from '../irt/score.ts';
import { readTheta } from './reading.ts';
import { gaussHermite } from '../irt/quadrature.ts';
import { seeded } from '../irt/simulate.ts';

/** The name results record for the provisional parameters; a new rule for them would be 'provisional-2'. */
export const PROVISIONAL_SCALE = 'provisional-1';

/**
 * The form measures an ability where its standard error is at most 1 (its information at least 1): there the form
 * tells at least as much about a person as knowing only the population does (conditional reliability ≥ .5).
 * Beyond, a reading's interval runs into abilities the form cannot tell apart, so it is said as "above X" /
 * "below Y" rather than as a number.
 */
export const MEASURED_MAX_SE = 1;

/** A calibration as stored: parameters keyed by item version. */
export interface StoredScale {
  id: string;
  items: ItemParameters[];
}

/** A form on a scale: its items' parameters in the form's order, what it measures, and how reliably. */
export interface FormScale {
  id: string;
  provisional: boolean;
  formId: number;
  items: ItemParameters[];
  /** θ where the form's standard error is at most MEASURED_MAX_SE. */
  measured: [number, number];
  /** The marginal reliability of the EAP reading (see marginalReliability). */
  reliability: number;
}

/** The simulated population marginal reliability is computed over: seeded, so every process agrees to the digit. */
const RELIABILITY_PEOPLE = 4000;

/**
 * The marginal (empirical) reliability of EAP readings on these items: var(θ̂) / (var(θ̂) + mean(PSD²)) over
 * simulated people from N(0, 1) — mirt's empirical_rxx for EAP scores (Chalmers 2012, `empirical_rxx`), which for
 * EAP under the model also equals the share of the population's variance the readings keep. A reading's own
 * precision is its interval; this is the one figure for the form as a whole.
 */
export function marginalReliability(items: ItemParameters[], people = RELIABILITY_PEOPLE, seed = 29): number {
  const { random, normal } = seeded(seed);
  // The EAP of score.ts, with each item's probabilities at the quadrature points worked out once, not per person.
  const { points, weights } = gaussHermite(EAP_POINTS);
  const table = items.map((item) => points.map((t) => probability(t, item)));
  const thetas: number[] = [];
  const variances: number[] = [];
  for (let p = 0; p < people; p++) {
    const theta = normal();
    const responses: Responses = items.map((item) => (random() < probability(theta, item) ? 1 : 0));
    let total = 0;
    let first = 0;
    let second = 0;
    for (let k = 0; k < points.length; k++) {
      let like = weights[k];
      for (let j = 0; j < items.length; j++) like *= responses[j] === 1 ? table[j][k] : 1 - table[j][k];
      total += like;
      first += like * points[k];
      second += like * points[k] * points[k];
    }
    const mean = first / total;
    thetas.push(mean);
    variances.push(Math.max(0, second / total - mean * mean));
  }
  const mean = thetas.reduce((s, x) => s + x, 0) / people;
  const variance = thetas.reduce((s, x) => s + (x - mean) ** 2, 0) / people;
  const error = variances.reduce((s, x) => s + x, 0) / people;
  return variance / (variance + error);
}

const cache = new Map<string, FormScale | null>();

/**
 * A form on the provisional scale (no argument) or on a calibration; null when the calibration lacks one of the
 * form's items (that form is not on it).
 */
export function formScale(formId: number, stored?: StoredScale): FormScale | null {
  const id = stored?.id ?? PROVISIONAL_SCALE;
  const key = `${id}/${formId}`;
  if (cache.has(key)) return cache.get(key)!;
  const bank = iqBank(formId);
  const byVersion = new Map(stored?.items.map((item) => [item.id, item]));
  const items = bank.map((item) =>
    stored ? byVersion.get(itemVersion(item)) : provisionalItem(itemVersion(item), item.difficulty),
  );
  let scale: FormScale | null = null;
  if (items.every((item): item is ItemParameters => item !== undefined)) {
    const measured = measuredRange(items, MEASURED_MAX_SE);
    scale = measured && {
      id,
      provisional: !stored,
      formId,
      items,
      measured,
      reliability: marginalReliability(items),
    };
  }
  cache.set(key, scale);
  return scale;
}

/**
 * The highest figure any sheet read on this scale can show: a perfect sheet's (under the 3PL a right answer never
 * lowers the EAP), its number or the X of "above X". On the 20-item forms with provisional parameters, 134.
 */
export const highestReading = (scale: FormScale): number => {
  const r = readTheta(
    eap(
      scale.items,
      scale.items.map(() => 1),
    ),
    scale.measured,
    scale.reliability,
  );
  return r.iqBoundAt ?? r.iqEstimate;
};
