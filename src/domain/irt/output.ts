/**
 * A calibration as `npm run items:calibrate` writes it and iq_scales keeps its items: on the logistic metric without
 * the 1.7 constant, P = c + (1 − c) / (1 + e^(−a(θ − b))), every figure to six decimals. Pure.
 */
import type { Calibration } from './calibrate.ts';

export interface ScaleItem {
  id: string;
  a: number;
  b: number;
  c: number;
  seA: number;
  seB: number;
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

export const scaleItems = (fit: Calibration): ScaleItem[] =>
  fit.items.map(({ id, a, b, c, seA, seB }) => ({
    id,
    a: round(a),
    b: round(b),
    c: round(c),
    seA: round(seA),
    seB: round(seB),
  }));

export const calibrationJson = (fit: Calibration) => ({
  model: fit.model,
  logLik: round(fit.logLik),
  quadraturePoints: fit.quadraturePoints,
  converged: fit.converged,
  ...(fit.seConditionalOnC ? { seConditionalOnC: true } : {}),
  items: scaleItems(fit),
});
