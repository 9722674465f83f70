/**
 * `npm run items:calibrate -- --input <csv> --model 2pl|3pl [--guessing 0.1667] [--prior 6] [--points 21] --out <json>`:
 * item parameters by marginal maximum likelihood (src/domain/irt/calibrate.ts) from a response CSV (a header of item
 * ids, one row per person, 1/0, empty for not presented). Writes
 * `{ "model", "logLik", "quadraturePoints", "items": [{ "id", "a", "b", "c", "seA", "seB" }] }` on the logistic metric
 * without the 1.7 constant: P = c + (1 − c) / (1 + e^(−a(θ − b))).
 * - `--guessing g`: 3PL with every c fixed at g (1/6 for six-option items);
 * - `--prior k`: 3PL with c estimated under BILOG-MG's Beta prior for k options; `--free-c`: c by plain maximum
 *   likelihood (often ill-posed: several c go to 0). With c estimated the JSON says `"seConditionalOnC": true`: the
 *   SEs of a and b treat c as known and understate them for items whose c is off 0. The log-likelihood is the data's,
 *   without the prior.
 * Items no calibration can place (seen by fewer than 10, answered right by all or by none) are refused by name.
 * Reading the sheets from the database (no --input) needs item responses to be kept, which they are not yet
 * (issue 29, part 1): the command says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { calibrate, guessingPrior } from '../src/domain/irt/calibrate.ts';
import { parseResponses } from '../src/domain/irt/csv.ts';
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
    'free-c': { type: 'boolean', default: false },
  },
});
const model = values.model === '2pl' || values.model === '3pl' ? values.model : fail('--model is 2pl or 3pl');
if (!values.input) fail('--input <csv> is needed: the database does not keep item responses yet (issue 29, part 1)');
if (!values.out) fail('--out <json> is needed');
const guessing = values.guessing === undefined ? undefined : Number(values.guessing);
if (guessing !== undefined && !(guessing >= 0 && guessing < 1)) fail('--guessing is a probability in [0, 1)');
if (model === '2pl' && (guessing !== undefined || values.prior !== undefined))
  fail('--guessing and --prior are for the 3pl model');
const options = values.prior === undefined ? undefined : Number(values.prior);
if (options !== undefined && !(Number.isInteger(options) && options >= 2)) fail('--prior is a number of options ≥ 2');
const points = Number(values.points);
if (!(Number.isInteger(points) && points >= 5 && points <= 150)) fail('--points is 5 to 150');

let data;
try {
  data = parseResponses(readFileSync(values.input!, 'utf8'));
} catch (err) {
  fail(`${values.input}: ${(err as Error).message}`);
}
if (model === '3pl' && guessing === undefined && options === undefined && !values['free-c'])
  fail('3pl needs --guessing g (c fixed), --prior k (c under the prior for k options) or --free-c (c by plain ML)');
if (guessing !== undefined && options !== undefined) fail('--guessing fixes c; --prior estimates it: one of them');
let fit;
try {
  fit = calibrate(data!, {
    model,
    guessing,
    cPrior: options === undefined ? undefined : guessingPrior(options),
    quadrature: gaussHermite(points),
  });
} catch (err) {
  fail((err as Error).message);
}
const round = (x: number) => Math.round(x * 1e6) / 1e6;
writeFileSync(
  values.out!,
  JSON.stringify(
    {
      model: fit!.model,
      logLik: round(fit!.logLik),
      quadraturePoints: fit!.quadraturePoints,
      converged: fit!.converged,
      ...(fit!.seConditionalOnC ? { seConditionalOnC: true } : {}),
      items: fit!.items.map(({ id, a, b, c, seA, seB }) => ({
        id,
        a: round(a),
        b: round(b),
        c: round(c),
        seA: round(seA),
        seB: round(seB),
      })),
    },
    null,
    2,
  ) + '\n',
);
console.log(
  `items:calibrate: ${fit!.items.length} items, ${data!.rows.length} people, ${model}, logLik ${fit!.logLik.toFixed(3)}${fit!.converged ? '' : ' (NOT converged)'} → ${values.out}`,
);
