/**
 * `npm run items:calibrate -- [--input <csv> | --form <n>] --model 2pl|3pl [--guessing 0.1667] [--prior 6] [--points 21]
 * [--export-csv <csv>] --out <json>`: item parameters by marginal maximum likelihood (src/domain/irt/calibrate.ts)
 * from a response CSV (a header of item ids, one row per person, 1/0, empty for not presented) or, without --input,
 * from the database: the eligible sheets the site kept (first attempts, neither reviewed nor cautioned; all forms
 * together, or `--form n`'s sheets), one row per sheet, one column per item version (src/lib/server/calibration.ts).
 * `--export-csv` writes the matrix it calibrated, as such a CSV (for R). Writes
 * `{ "model", "logLik", "quadraturePoints", "converged", "items": [{ "id", "a", "b", "c", "seA", "seB" }] }` on the
 * logistic metric without the 1.7 constant: P = c + (1 − c) / (1 + e^(−a(θ − b))).
 * - `--guessing g`: 3PL with every c fixed at g (1/6 for six-option items);
 * - `--prior k`: 3PL with c estimated under BILOG-MG's Beta prior for k options; `--free-c`: c by plain maximum
 *   likelihood (often ill-posed: several c go to 0). With c estimated the JSON says `"seConditionalOnC": true`: the
 *   SEs of a and b treat c as known and understate them for items whose c is off 0. The log-likelihood is the data's,
 *   without the prior.
 * From the database the sheets of each form are a group of their own (a multiple-group calibration on form 4's
 * group's scale, 61 rectangular points whatever --points says; src/domain/irt/calibrate.ts), as the scheduled
 * recalibration fits them; the exported CSV does not carry the groups.
 * Items no calibration can place (seen by fewer than 10, answered right by all or by none) are refused by name. Groups
 * of items no sheet links (forms without common items) are calibrated apart, which gives the joint fit's estimates
 * (src/domain/irt/components.ts). On the embedded database, run it while `npm start` is stopped (PGlite has one owner).
 */
import '../src/runtime/dotenv.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { guessingPrior, type ResponseData } from '../src/domain/irt/calibrate.ts';
import { calibrateGroups } from '../src/domain/irt/components.ts';
import { parseResponses, writeResponses } from '../src/domain/irt/csv.ts';
import { responseMatrix } from '../src/domain/irt/matrix.ts';
import { calibrationJson } from '../src/domain/irt/output.ts';
import { gaussHermite } from '../src/domain/irt/quadrature.ts';

const fail = (message: string): never => {
  console.error(`items:calibrate: ${message}`);
  process.exit(2);
};

const { values } = parseArgs({
  options: {
    input: { type: 'string' },
    model: { type: 'string', default: '2pl' },
    guessing: { type: 'string' },
    prior: { type: 'string' },
    points: { type: 'string', default: '21' },
    out: { type: 'string' },
    form: { type: 'string' },
    'export-csv': { type: 'string' },
    'free-c': { type: 'boolean', default: false },
  },
});
const model = values.model === '2pl' || values.model === '3pl' ? values.model : fail('--model is 2pl or 3pl');
if (!values.out) fail('--out <json> is needed');
if (values.input !== undefined && values.form !== undefined)
  fail('--form reads the database, --input a CSV: one of them');
const form = values.form === undefined ? undefined : Number(values.form);
if (form !== undefined && !(Number.isInteger(form) && form >= 0 && form < 100)) fail('--form is a form number');
const guessing = values.guessing === undefined ? undefined : Number(values.guessing);
if (guessing !== undefined && !(guessing >= 0 && guessing < 1)) fail('--guessing is a probability in [0, 1)');
if (model === '2pl' && (guessing !== undefined || values.prior !== undefined))
  fail('--guessing and --prior are for the 3pl model');
const options = values.prior === undefined ? undefined : Number(values.prior);
if (options !== undefined && !(Number.isInteger(options) && options >= 2)) fail('--prior is a number of options ≥ 2');
const points = Number(values.points);
if (!(Number.isInteger(points) && points >= 5 && points <= 150)) fail('--points is 5 to 150');
if (model === '3pl' && guessing === undefined && options === undefined && !values['free-c'])
  fail('3pl needs --guessing g (c fixed), --prior k (c under the prior for k options) or --free-c (c by plain ML)');
if (guessing !== undefined && options !== undefined) fail('--guessing fixes c; --prior estimates it: one of them');

/** The eligible sheets the site kept (of one form, if asked), as a response matrix. */
async function fromDatabase(): Promise<ResponseData> {
  const { compactGroups, eligibleSheets, formGroups } = await import('../src/lib/server/calibration.ts');
  const { closeDb } = await import('../src/lib/server/db.ts');
  try {
    // As the scheduled recalibration does: a group per form, when the sheets are of several (calibrate.ts).
    const sheets = await eligibleSheets(form);
    const groups = compactGroups(formGroups(sheets));
    return { ...responseMatrix(sheets), ...(groups.some((g) => g > 0) ? { groups } : {}) };
  } finally {
    await closeDb();
  }
}

let data: ResponseData;
try {
  data = values.input === undefined ? await fromDatabase() : parseResponses(readFileSync(values.input, 'utf8'));
} catch (err) {
  fail(`${values.input ?? 'the database'}: ${(err as Error).message}`);
}
if (!data!.rows.length) fail(`no eligible sheets${form === undefined ? '' : ` of form ${form}`} in the database yet`);
if (values['export-csv']) writeFileSync(values['export-csv'], writeResponses(data!));
let fit;
try {
  fit = calibrateGroups(data!, {
    model,
    guessing,
    cPrior: options === undefined ? undefined : guessingPrior(options),
    quadrature: gaussHermite(points),
  });
} catch (err) {
  fail((err as Error).message);
}
writeFileSync(values.out!, JSON.stringify(calibrationJson(fit!), null, 2) + '\n');
console.log(
  `items:calibrate: ${fit!.items.length} items, ${data!.rows.length} people, ${model}, logLik ${fit!.logLik.toFixed(3)}${fit!.converged ? '' : ' (NOT converged)'} → ${values.out}`,
);
