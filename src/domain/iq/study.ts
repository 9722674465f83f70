/**
 * What the simulation study (src/domain/irt/simulate.ts) means for what people are shown (issue 29, point 7): the
 * same simulated sheets read the product's way (reading.ts readTheta) on three sets of parameters — the provisional
 * ones from the labels (what the page uses until a form is calibrated), the true ones, and the ones calibration
 * recovered — with the range each measures, the shares read as "above X" / "below Y", and how far the provisional
 * reading is from the calibrated one. Pure.
 */
import type { StudyResult } from '../irt/simulate.ts';
import { provisionalItem, type Label } from '../irt/simulate.ts';
import type { ItemParameters, Responses } from '../irt/model.ts';
import { measuredRange } from '../irt/information.ts';
import { eap } from '../irt/score.ts';
import { marginalReliability, MEASURED_MAX_SE } from './scale.ts';
import { readTheta, type IqReading } from './reading.ts';

export interface Shown {
  /** The IQ range the parameters measure (SE ≤ MEASURED_MAX_SE). */
  measured: [number, number];
  above: number;
  below: number;
  /** Median width of the 95 % interval, IQ points. */
  medianWidth: number;
}

const iq = (theta: number) => Math.round(100 + 15 * theta);

function readAll(items: ItemParameters[], rows: Responses[]): { shown: Shown; readings: IqReading[] } {
  const range = measuredRange(items, MEASURED_MAX_SE) ?? [0, 0];
  const reliability = marginalReliability(items, 500);
  const readings = rows.map((row) => readTheta(eap(items, row), range, reliability));
  const widths = readings.map((r) => r.iqInterval[1] - r.iqInterval[0]).sort((a, b) => a - b);
  const share = (bound: 'above' | 'below') => readings.filter((r) => r.iqBound === bound).length / rows.length;
  return {
    shown: {
      measured: [iq(range[0]), iq(range[1])],
      above: share('above'),
      below: share('below'),
      medianWidth: widths[Math.floor(widths.length / 2)],
    },
    readings,
  };
}

export interface ShownStudy {
  provisional: Shown;
  truth: Shown;
  estimated: Shown;
  /** Mean |provisional − calibrated| of the estimates, IQ points; share whose number/bound kind differs. */
  meanShift: number;
  kindChanged: number;
}

export function shownRanges(labels: Label[], study: StudyResult): ShownStudy {
  const provisional = readAll(
    labels.map((label, j) => provisionalItem(`q${j + 1}`, label)),
    study.rows,
  );
  const truth = readAll(study.truth, study.rows);
  const estimated = readAll(study.estimated, study.rows);
  const n = study.rows.length;
  return {
    provisional: provisional.shown,
    truth: truth.shown,
    estimated: estimated.shown,
    meanShift:
      provisional.readings.reduce((s, r, i) => s + Math.abs(r.iqEstimate - estimated.readings[i].iqEstimate), 0) / n,
    kindChanged: provisional.readings.filter((r, i) => r.iqBound !== estimated.readings[i].iqBound).length / n,
  };
}
