/**
 * `npm run items:score -- --params <json> --input <csv> --out <json>`: each person's EAP ability with a N(0, 1) prior
 * and its posterior SD (src/domain/irt/score.ts), from the parameters `items:calibrate` wrote and a response CSV of
 * the same item ids (any order; an id the parameters lack is refused). Writes `[{ "theta", "sd" }]`, one per row.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseResponses } from '../src/domain/irt/csv.ts';
import { eap } from '../src/domain/irt/score.ts';
import type { ItemParameters } from '../src/domain/irt/model.ts';

const fail = (message: string): never => {
  console.error(`items:score: ${message}`);
  process.exit(2);
};

const { values } = parseArgs({
  options: { params: { type: 'string' }, input: { type: 'string' }, out: { type: 'string' } },
});
if (!values.params || !values.input || !values.out) fail('--params <json> --input <csv> --out <json> are needed');

let items: ItemParameters[] = [];
try {
  items = JSON.parse(readFileSync(values.params!, 'utf8')).items;
  if (!Array.isArray(items) || items.some((i) => typeof i.id !== 'string' || ![i.a, i.b, i.c].every(Number.isFinite)))
    throw new Error('"items" must be a list of { id, a, b, c }');
} catch (err) {
  fail(`${values.params}: ${(err as Error).message}`);
}
let data;
try {
  data = parseResponses(readFileSync(values.input!, 'utf8'));
} catch (err) {
  fail(`${values.input}: ${(err as Error).message}`);
}
const byId = new Map(items.map((item) => [item.id, item]));
const missing = data!.items.filter((id) => !byId.has(id));
if (missing.length) fail(`no parameters for ${missing.join(', ')}`);
const ordered = data!.items.map((id) => byId.get(id)!);
const round = (x: number) => Math.round(x * 1e6) / 1e6;
const readings = data!.rows.map((row) => {
  const { theta, sd } = eap(ordered, row);
  return { theta: round(theta), sd: round(sd) };
});
writeFileSync(values.out!, JSON.stringify(readings, null, 2) + '\n');
console.log(`items:score: ${readings.length} people scored → ${values.out}`);
