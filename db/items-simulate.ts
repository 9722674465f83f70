/**
 * `npm run items:simulate [-- --people 2000]`: the simulation study of src/domain/irt/simulate.ts for every served
 * IQ form (its blueprint of difficulty labels), printed as a table: parameter RMSE, the correlation of EAP with the
 * true ability, the 95 % interval's empirical coverage, and the range of readings (IQ = 100 + 15·θ); then the
 * linking study: the served forms and their anchors, each taken by half as many people from groups whose means differ,
 * calibrated concurrently by group, as one group, and form by form.
 */
import { parseArgs } from 'node:util';
import { iqBank, SERVED_FORM_IDS } from '../src/domain/iq/bank.ts';
import { simulateForm } from '../src/domain/irt/simulate.ts';
import { shownRanges, type Shown } from '../src/domain/iq/study.ts';
import { anchorIds } from '../src/domain/iq/linking.ts';
import { simulateLinking } from '../src/domain/irt/linking-study.ts';

const { values } = parseArgs({ options: { people: { type: 'string', default: '2000' } } });
const people = Number(values.people);
if (!(Number.isInteger(people) && people >= 200)) {
  console.error('items:simulate: --people is a whole number ≥ 200');
  process.exit(2);
}
const iq = (theta: number) => Math.round(100 + 15 * theta);
const rows = [
  ['form', 'people', 'RMSE a', 'RMSE b', 'r(EAP, θ)', '95 % coverage', 'readings, true items', 'readings, estimated'],
];
const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
const shownCells = (s: Shown) => [
  `IQ ${s.measured[0]}–${s.measured[1]}`,
  percent(s.above),
  percent(s.below),
  String(s.medianWidth),
];
const shown = [
  ['form', 'parameters', 'measured', 'above X', 'below Y', 'median width', 'vs calibrated: mean |Δ|', 'kind changed'],
];
for (const form of SERVED_FORM_IDS) {
  const labels = iqBank(form).map((item) => item.difficulty);
  const study = simulateForm(labels, people, 1000 + form);
  const ranges = shownRanges(labels, study);
  shown.push([
    String(form),
    'provisional',
    ...shownCells(ranges.provisional),
    ranges.meanShift.toFixed(1),
    percent(ranges.kindChanged),
  ]);
  shown.push([String(form), 'true', ...shownCells(ranges.truth), '', '']);
  shown.push([String(form), 'calibrated', ...shownCells(ranges.estimated), '', '']);
  rows.push([
    String(form),
    String(study.people),
    study.rmseA.toFixed(3),
    study.rmseB.toFixed(3),
    study.correlation.toFixed(3),
    `${(study.coverage * 100).toFixed(1)} %`,
    `IQ ${iq(study.range.truth[0])}–${iq(study.range.truth[1])}`,
    `IQ ${iq(study.range.estimated[0])}–${iq(study.range.estimated[1])}${study.converged ? '' : ' (not converged)'}`,
  ]);
}
const print = (table: string[][]) => {
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  for (const row of table) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
};
print(rows);
console.log(
  '\nWhat people are shown (reading.ts readTheta: a number where the estimate lies inside the measured range):',
);
print(shown);

// Linking (issue 29, point 4): the served forms share their anchors; each taken by its own group, the groups' means
// apart. How far each form's difficulties land from the truth, three ways (src/domain/irt/linking-study.ts).
const groupMeans = [0, 0.5, -0.3, 0.2].slice(0, SERVED_FORM_IDS.length);
const anchorPositions = iqBank(SERVED_FORM_IDS[0]).flatMap((item, j) =>
  anchorIds(SERVED_FORM_IDS[0]).has(item.id) ? [j] : [],
);
const linking = simulateLinking({
  forms: SERVED_FORM_IDS.map((form) => iqBank(form).map((item) => item.difficulty)),
  anchors: anchorPositions,
  groupMeans,
  peoplePerForm: Math.round(people / 2),
  seed: 29,
});
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(2)}`;
console.log(
  `\nLinking: ${SERVED_FORM_IDS.length} forms sharing ${anchorPositions.length} anchors, ${Math.round(people / 2)} people a form, ` +
    `groups' true means ${groupMeans.map(signed).join(' / ')}. Mean b bias (estimate − truth) per form:`,
);
print([
  ['calibration', ...SERVED_FORM_IDS.map((f) => `form ${f}`), 'spread'],
  ['concurrent, a group per form', ...linking.concurrentBias.map(signed), linking.concurrentSpread.toFixed(2)],
  ['concurrent, as one group', ...linking.singleGroupBias.map(signed), linking.singleGroupSpread.toFixed(2)],
  ['form by form', ...linking.separateBias.map(signed), linking.separateSpread.toFixed(2)],
]);
console.log(
  `groups' means as estimated: ${linking.estimatedMeans.map(signed).join(' / ')}; RMSE of b (common shift removed) ${linking.concurrentRmseB.toFixed(3)}${linking.converged ? '' : ' (NOT converged)'}`,
);
