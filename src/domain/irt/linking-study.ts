/**
 * What the anchors buy (issue 29, point 4), simulated: forms that share anchor items, each taken by its own group,
 * the groups drawn from populations whose means may differ. Calibrated concurrently (one matrix, an item presented by
 * several forms one column, a group per form) the forms' items land on one scale: each form's difficulties are off the
 * truth by the same constant (the scale's origin, fixed by the first group's N(0, 1)). Calibrated form by form, each
 * form's scale is its own group's — its difficulties shifted by its group's mean — and a reading on one form cannot
 * be compared with a reading on another unless the groups were equal. Reported: each form's mean difficulty bias
 * (estimate − truth) three ways, and their spread (largest − smallest), which is what linking must bring to about 0:
 * concurrently with a group per form (calibrate.ts, Bock & Zimowski's multiple-group model: what recalibration does),
 * concurrently as if all sheets came from one N(0, 1) population (right only when the groups are alike: it removes
 * about half of a difference between them), and form by form. Seeded; pure.
 */
import { calibrate } from './calibrate.ts';
import { probability, type ItemParameters, type Responses } from './model.ts';
import { PROVISIONAL_B, seeded, type Label } from './simulate.ts';

export interface LinkingStudyInput {
  /** Each form's labels, position by position (all of one length). */
  forms: Label[][];
  /** The positions (0-based) where every form presents the same item: the anchors. */
  anchors: number[];
  /** Each form's group's mean ability (SD 1). */
  groupMeans: number[];
  peoplePerForm: number;
  seed?: number;
}

export interface LinkingStudy {
  /** Per form, the mean of (estimated − true) b over its items: concurrent by group, as one group, form by form. */
  concurrentBias: number[];
  singleGroupBias: number[];
  separateBias: number[];
  /** Largest minus smallest of the forms' biases. */
  concurrentSpread: number;
  singleGroupSpread: number;
  separateSpread: number;
  /** The groups' means as the concurrent calibration estimated them (the first 0 by definition). */
  estimatedMeans: number[];
  /** RMSE of b over all items, after removing the common origin shift. */
  concurrentRmseB: number;
  converged: boolean;
}

const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const spread = (xs: number[]) => Math.max(...xs) - Math.min(...xs);

export function simulateLinking({
  forms,
  anchors,
  groupMeans,
  peoplePerForm,
  seed = 1,
}: LinkingStudyInput): LinkingStudy {
  const { random, normal } = seeded(seed);
  const draw = (id: string, label: Label): ItemParameters => ({
    id,
    a: Math.exp(0.25 * normal()),
    b: PROVISIONAL_B[label] + 0.35 * normal(),
    c: 1 / 6,
  });
  // The anchors drawn once, from the first form's labels at their positions; every other item per form.
  const shared = new Map(anchors.map((j) => [j, draw(`anchor${j + 1}`, forms[0][j])]));
  const formItems = forms.map((labels, f) =>
    labels.map((label, j) => shared.get(j) ?? draw(`f${f + 1}q${j + 1}`, label)),
  );
  const columns = [...new Map(formItems.flat().map((item) => [item.id, item])).values()];
  const column = new Map(columns.map((item, k) => [item.id, k]));
  const formRows: Responses[][] = formItems.map((items, f) =>
    Array.from({ length: peoplePerForm }, () => {
      const theta = groupMeans[f] + normal();
      return items.map((item) => (random() < probability(theta, item) ? 1 : 0) as 0 | 1);
    }),
  );
  const options = { model: '3pl' as const, guessing: 1 / 6 };
  const wide = {
    items: columns.map((item) => item.id),
    rows: formRows.flatMap((rows, f) =>
      rows.map((row) => {
        const answers: Responses = new Array(columns.length).fill(null);
        formItems[f].forEach((item, j) => (answers[column.get(item.id)!] = row[j]));
        return answers;
      }),
    ),
  };
  const together = calibrate({ ...wide, groups: formRows.flatMap((rows, f) => rows.map(() => f)) }, options);
  const estimated = new Map(together.items.map((item) => [item.id, item.b]));
  const biasOf = (b: Map<string, number>) =>
    formItems.map((items) => mean(items.map((item) => b.get(item.id)! - item.b)));
  const concurrentBias = biasOf(estimated);
  const oneGroup = calibrate(wide, options);
  const singleGroupBias = biasOf(new Map(oneGroup.items.map((item) => [item.id, item.b])));
  const separate = formItems.map((items, f) =>
    calibrate({ items: items.map((i) => i.id), rows: formRows[f] }, options),
  );
  const separateBias = formItems.map((items, f) => mean(items.map((item, j) => separate[f].items[j].b - item.b)));
  const origin = mean(columns.map((item) => estimated.get(item.id)! - item.b));
  const concurrentRmseB = Math.sqrt(mean(columns.map((item) => (estimated.get(item.id)! - item.b - origin) ** 2)));
  return {
    concurrentBias,
    singleGroupBias,
    separateBias,
    concurrentSpread: spread(concurrentBias),
    singleGroupSpread: spread(singleGroupBias),
    separateSpread: spread(separateBias),
    estimatedMeans: together.groups!.map((g) => g.mean),
    concurrentRmseB,
    converged: together.converged && oneGroup.converged && separate.every((fit) => fit.converged),
  };
}
