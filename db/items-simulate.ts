/**
 * `npm run items:simulate [-- --people 2000]`: the simulation study of src/domain/irt/simulate.ts for every served
 * IQ form (its blueprint of difficulty labels), printed as a table: parameter RMSE, the correlation of EAP with the
 * true ability, the 95 % interval's empirical coverage, and the range of readings (IQ = 100 + 15·θ); then the
 * linking study: the served forms and their anchors, each taken by half as many people from groups whose means differ,
 * calibrated concurrently by group, as one group, and form by form; then what the readings say of people (issue 43):
 * behaviour cautions and near-chance notices of honest and random sheets (src/domain/iq/fairness.ts), false strengths
 * in the category breakdown (subscores.ts), and how often a career retake names the same type (career/study.ts).
 */
import { parseArgs } from 'node:util';
import { iqBank, SERVED_FORM_IDS } from '../src/domain/iq/bank.ts';
import { simulateForm } from '../src/domain/irt/simulate.ts';
import { shownRanges, type Shown } from '../src/domain/iq/study.ts';
import { anchorIds } from '../src/domain/iq/linking.ts';
import { simulateLinking } from '../src/domain/irt/linking-study.ts';
import { formScale } from '../src/domain/iq/scale.ts';
import { honestGroup, randomGroup, HONEST_IQS, RANDOM_PACES_MS } from '../src/domain/iq/fairness.ts';
import { subscoreStudy } from '../src/domain/iq/subscores.ts';
import { retestStudy, RETEST_SPREADS } from '../src/domain/career/study.ts';

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

// Fair readings (issue 43): the served forms on the scale they are read on today, the sheets scored as the server
// scores them.
console.log(
  `\nFair readings, ${people} simulated sheets a group and form (fairness.ts): behaviour cautions (what takes a result's band, certificate and statistics away) and near-chance notices (which take nothing away)`,
);
const fairness = [
  ['form', 'group', 'cautioned', 'near chance', 'caution or near chance', 'pattern follows difficulty'],
];
for (const form of SERVED_FORM_IDS) {
  const scale = formScale(form)!;
  for (const iqLevel of HONEST_IQS) {
    const r = honestGroup(scale, iqLevel, people);
    fairness.push([
      String(form),
      `honest, IQ ${iqLevel}`,
      percent(r.cautioned),
      percent(r.nearChance),
      percent(r.either),
      percent(r.followsDifficulty),
    ]);
  }
  for (const pace of RANDOM_PACES_MS) {
    const r = randomGroup(scale, pace, people);
    fairness.push([
      String(form),
      `random, ${pace / 1000} s an item`,
      percent(r.cautioned),
      percent(r.nearChance),
      percent(r.either),
      percent(r.followsDifficulty),
    ]);
  }
}
print(fairness);

console.log(
  '\nThe category breakdown when one ability is behind every category (subscores.ts): people shown any strength or weakness, and a 40-point gap between their best and worst category',
);
const subs = [['form', 'any strength or weakness', 'best − worst ≥ 40 points']];
for (const form of SERVED_FORM_IDS) {
  const anchors = anchorIds(form);
  const r = subscoreStudy(iqBank(form), formScale(form)!.items, (item) => !anchors.has(item.id), people);
  subs.push([String(form), percent(r.anyFlagged), percent(r.wideGap)]);
}
print(subs);

console.log(
  '\nCareer retest (career/study.ts): people who sit the test twice, types in them barely (σ 0.5), fairly (1) and clearly (1.5) distinct',
);
const retest = [['σ', 'same type named', 'lead beyond error', 'named again, beyond', 'named again, within']];
for (const spread of RETEST_SPREADS) {
  const r = retestStudy(spread, people);
  retest.push([
    String(spread),
    percent(r.agreement),
    percent(r.beyondError),
    percent(r.agreementBeyond),
    percent(r.agreementWithin),
  ]);
}
print(retest);
