/**
 * How a sheet was answered, and what its number right can and cannot say (DESIGN.md §3.5; issue 43).
 *
 * *Behaviour* cautions — reasons not to take a sheet at face value, from how it was answered, shown above the reading
 * and leading it (no band, no certificate, no statistics, no calibration):
 *
 * - `straight_line`: the answers follow the page, not the items — one option position for ≥ 80 % of the answers, or
 *   the same step from one answer to the next (A A A…, A B C D…, F E D…) for ≥ 80 % of the steps. Positions are the
 *   ones the person clicked (the sitting's order), not the key's.
 * - `too_fast`: under two minutes in all, or at least a quarter of the items answered faster than a fast reader can
 *   read them: the item's words at 35 characters a second (well above ordinary reading, about 15–20), at least
 *   2.5 s for a text item and 3 s for a matrix (nine panels and six options to look at).
 */
import type { IqItem } from './bank.ts';

/**
 * `key_seen`: taken after the user had seen this form's worked answers (the server served it knowing so).
 * `misfit`: on a sheet read by item response theory, the pattern of right and wrong answers is one the form's items
 * make unlikely at any ability — harder items right while easier ones wrong — by Snijders's lz* at the MAP ability
 * (src/domain/irt/person-fit.ts) below MISFIT_LZ: 1 % of sheets that follow the model are cautioned (one-sided,
 * z = −2.33), a reversed sheet reads about −6.
 */
export type IqCaution = 'too_fast' | 'straight_line' | 'misfit' | 'key_seen';
export const MISFIT_LZ = -2.33;

/** Six options: a guess is right one time in six. */
export const GUESS_ODDS = 1 / 6;
export const GUESSING_PERCENTILE = 0.95;
export const STRAIGHT_LINE_SHARE = 0.8;
export const READING = { charsPerSecond: 35, textFloorMs: 2_500, matrixFloorMs: 3_000, unreadShare: 0.25 } as const;
export const MIN_TOTAL_MS = 120_000;

/**
 * The smallest score s with P(S ≤ s) ≥ level when each item is right with probability p and weighs w_i: the exact
 * distribution of S = Σ w_i·X_i, X_i ~ Bernoulli(p), by convolution over the items.
 */
export function guessingQuantile(weights: number[], p = GUESS_ODDS, level = GUESSING_PERCENTILE): number {
  let dist = [1];
  for (const w of weights) {
    const next = new Array(dist.length + w).fill(0);
    dist.forEach((q, s) => {
      next[s] += q * (1 - p);
      next[s + w] += q * p;
    });
    dist = next;
  }
  let cumulative = 0;
  for (let s = 0; s < dist.length; s++) {
    cumulative += dist[s];
    if (cumulative >= level - 1e-12) return s;
  }
  return dist.length - 1;
}

/** The guessing level of a form's weights, computed once per form (scoring is a hot path). */
const levels = new Map<string, number>();
export function guessingLevel(weights: number[]): number {
  const key = weights.join();
  let level = levels.get(key);
  if (level === undefined) levels.set(key, (level = guessingQuantile(weights)));
  return level;
}

/** Whether the clicked positions follow a pattern of the page rather than the items. */
export function straightLined(positions: number[], options = 6): boolean {
  if (positions.length < 5) return false;
  const counts = new Map<number, number>();
  for (const p of positions) counts.set(p, (counts.get(p) ?? 0) + 1);
  if (Math.max(...counts.values()) >= STRAIGHT_LINE_SHARE * positions.length) return true;
  const steps = new Map<number, number>();
  for (let i = 1; i < positions.length; i++) {
    const step = (((positions[i] - positions[i - 1]) % options) + options) % options;
    steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  return Math.max(...steps.values()) >= STRAIGHT_LINE_SHARE * (positions.length - 1);
}

const readingOf = new WeakMap<IqItem, number>();
/** The least time a fast reader needs for an item: its question and options in the shorter of the two languages. */
export function readingMs(item: IqItem): number {
  let ms = readingOf.get(item);
  if (ms === undefined) readingOf.set(item, (ms = readingTime(item)));
  return ms;
}
function readingTime(item: IqItem): number {
  if (item.image) return READING.matrixFloorMs;
  const chars = Math.min(
    ...(['uk', 'en'] as const).map((lang) => [item.question[lang], ...item.options[lang]].join(' ').length),
  );
  return Math.max(READING.textFloorMs, (chars / READING.charsPerSecond) * 1000);
}

export interface CautionInput {
  bank: IqItem[];
  /** Per item of the bank, in its order: ms spent and the position clicked (-1 when missing). */
  timeMs: number[];
  positions: number[];
  totalMs: number;
  /** Person fit says the pattern is aberrant (see `misfit` above). */
  misfit?: boolean;
}

/** The behaviour cautions of a sheet: how it was answered, never how many answers were right. */
export function iqCautions({ bank, timeMs, positions, totalMs, misfit }: CautionInput): IqCaution[] {
  const cautions: IqCaution[] = [];
  const unread = bank.filter((item, i) => timeMs[i] < readingMs(item)).length;
  if (totalMs < MIN_TOTAL_MS || unread >= READING.unreadShare * bank.length) cautions.push('too_fast');
  if (straightLined(positions.filter((p) => p >= 0))) cautions.push('straight_line');
  if (misfit) cautions.push('misfit');
  return cautions;
}

/**
 * *Near chance* — not a caution: a fact about the number right, said kindly (issue 43). A score no higher than blind
 * picking reaches in 95 of 100 sheets of this form (the 95th percentile of the exact distribution of the score when
 * every item is a one-in-six guess, from the form's own weights: the number right on a sheet read by item response
 * theory, the labels' weights on a result saved before) is also what guessing gives, and the form has too few easy
 * items to place anyone there precisely. It says nothing about how the sheet was answered: of honest sheets that
 * follow the model it is 72 % at IQ 70 and 29 % at IQ 85 (`npm run items:simulate`). Such a sheet keeps its reading,
 * band, sharing and its place in statistics and calibration; it gets no certificate (the form cannot certify a figure
 * there). With the behaviour cautions, ≥ 85 % of random sheets at any pace carry one or the other.
 */
export const nearChance = (score: number, weights: number[]): boolean => score <= guessingLevel(weights);

/**
 * Where the pattern can tell: a near-chance sheet whose right answers follow the items' difficulty — the easier ones
 * right — is at least this many times likelier under the model (its marginal likelihood over the N(0, 1) prior) than
 * under blind picking (every answer right one time in six). 10 is Jeffreys's "strong" evidence. The four easy items
 * and two medium ones right reads 12; a random sheet reads a median of 0.04, an honest sheet at IQ 85 near chance 0.5.
 */
export const FOLLOWS_DIFFICULTY_ODDS = 10;

/** Blind picking's log-likelihood of a sheet: each answer right one time in six. */
export const guessingLogLikelihood = (responses: readonly (0 | 1 | null)[]): number =>
  responses.reduce<number>(
    (sum, u) => sum + (u === 1 ? Math.log(GUESS_ODDS) : u === 0 ? Math.log(1 - GUESS_ODDS) : 0),
    0,
  );
