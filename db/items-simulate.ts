/**
 * `npm run items:simulate [-- --people 2000]`: the simulation study of src/domain/irt/simulate.ts for every served
 * IQ form (its blueprint of difficulty labels), printed as a table: parameter RMSE, the correlation of EAP with the
 * true ability, the 95 % interval's empirical coverage, and the range of readings (IQ = 100 + 15·θ).
 */
import { parseArgs } from 'node:util';
import { iqBank, SERVED_FORM_IDS } from '../src/domain/iq/bank.ts';
import { simulateForm } from '../src/domain/irt/simulate.ts';

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
for (const form of SERVED_FORM_IDS) {
  const study = simulateForm(
    iqBank(form).map((item) => item.difficulty),
    people,
    1000 + form,
  );
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
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
