/**
 * `npm run items:report -- --params <json> --input <csv> [--groups <csv | column>] [--reference uk] [--focal en]
 * [--out <json>]`: the item report from files (src/domain/irt/item-report.ts) — per item a, b, c with the standard
 * errors of a and b, S-X² item fit, the strongest residual correlation (Q3) and its partner, uk/en Mantel–Haenszel
 * DIF with ETS's class, and whether to rewrite it, with the reasons. `--params` is what `items:calibrate` writes;
 * `--input` a response CSV of the same item ids; `--groups` either a one-column CSV (a header, then one value per
 * sheet) or the name of a column of `--input` holding each sheet's language. Sheets of neither group are left out
 * of DIF; fit and DIF count complete sheets only, Q3 every pair seen together.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { CalibratedItem } from '../src/domain/irt/calibrate.ts';
import { parseResponses, takeColumn } from '../src/domain/irt/csv.ts';
import type { DifGroup } from '../src/domain/irt/dif.ts';
import { FLAG_RULES, itemReport, type ItemReportRow } from '../src/domain/irt/item-report.ts';
import { EQUIVALENCE_ALPHA, type EquivalenceReport, type Test } from '../src/domain/irt/equivalence.ts';

const fail = (message: string): never => {
  console.error(`items:report: ${message}`);
  process.exit(2);
};

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    return fail(`${path}: ${(err as Error).message}`);
  }
};

const fixed = (x: number | null | undefined, digits = 2) => (x === null || x === undefined ? '—' : x.toFixed(digits));
const pValue = (p: number | null) => (p === null ? '—' : p < 0.001 ? '<.001' : p.toFixed(3));

export function row(item: ItemReportRow): string[] {
  return [
    item.id,
    fixed(item.a),
    fixed(item.b),
    fixed(item.c),
    fixed(item.seA),
    fixed(item.seB),
    fixed(item.fit.sx2, 1),
    String(item.fit.df),
    pValue(item.fit.pAdjusted),
    item.q3 ? `${fixed(item.q3.max)} ${item.q3.partner}` : '—',
    fixed(item.dif?.delta),
    item.dif?.ets ?? '—',
    item.reasons.length ? `REWRITE: ${item.reasons.join('; ')}` : '',
  ];
}

const HEADER = ['id', 'a', 'b', 'c', 'se a', 'se b', 'S-X²', 'df', 'p adj', 'max |Q3|', 'Δ MH', 'ETS', 'flag'];

export function table(rows: string[][]): string {
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, c) => Math.max(...all.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r.map((cell, c) => (c === 0 || c === r.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return all.map((r) => line(r).trimEnd()).join('\n');
}

export function reportFromFiles(args: string[]): void {
  const { values } = parseArgs({
    args,
    options: {
      params: { type: 'string' },
      input: { type: 'string' },
      groups: { type: 'string' },
      reference: { type: 'string', default: 'uk' },
      focal: { type: 'string', default: 'en' },
      out: { type: 'string' },
    },
  });
  if (!values.params || !values.input)
    fail('--params <json> and --input <csv> are needed (without them: the stored forms)');
  let params: { model?: string; seConditionalOnC?: boolean; items?: CalibratedItem[] } = {};
  try {
    params = JSON.parse(read(values.params!));
    if (
      !Array.isArray(params.items) ||
      params.items.some((i) => typeof i.id !== 'string' || ![i.a, i.b, i.c].every(Number.isFinite))
    )
      throw new Error('"items" must be a list of { id, a, b, c, seA, seB }');
  } catch (err) {
    fail(`${values.params}: ${(err as Error).message}`);
  }
  let text = read(values.input!);
  let labels: string[] | undefined;
  if (values.groups !== undefined) {
    const fromFile = existsSync(values.groups) ? read(values.groups) : null;
    const column =
      fromFile === null ? takeColumn(text, values.groups) : takeColumn(fromFile, fromFile.split(/[,\r\n]/)[0].trim());
    if (!column) fail(`--groups: ${values.groups} is neither a file nor a column of ${values.input}`);
    if (fromFile === null) text = column!.rest;
    labels = column!.values;
  }
  let data;
  try {
    data = parseResponses(text);
  } catch (err) {
    fail(`${values.input}: ${(err as Error).message}`);
  }
  if (labels && labels.length !== data!.rows.length)
    fail(`--groups has ${labels.length} values for ${data!.rows.length} sheets`);
  for (const side of [values.reference!, values.focal!])
    if (labels && !labels.includes(side))
      fail(
        `--groups: no sheet is ${side} (the values are ${[...new Set(labels)].join(', ')}; see --reference, --focal)`,
      );
  const byId = new Map(params.items!.map((item) => [item.id, item]));
  const missing = data!.items.filter((id) => !byId.has(id));
  if (missing.length) fail(`no parameters for ${missing.join(', ')}`);
  const groups = labels?.map((g): DifGroup =>
    g === values.reference ? 'reference' : g === values.focal ? 'focal' : null,
  );
  const parameters = params.model === '3pl' && params.seConditionalOnC ? 3 : 2;
  const report = itemReport({ items: data!.items.map((id) => byId.get(id)!), data: data!, parameters, groups });

  console.log(
    `${report.sheets} sheets, ${report.completeSheets} complete; ${params.model ?? '?'} with ${parameters} estimated parameters an item; ` +
      (groups ? `DIF ${values.reference} (reference) against ${values.focal} (focal)` : 'no groups: no DIF'),
  );
  console.log(table(report.items.map(row)));
  console.log(
    `\nS-X²: Orlando & Thissen, p adjusted by Benjamini–Hochberg · max |Q3|: the item's largest residual correlation (form mean ${fixed(report.q3Mean, 3)}) and its partner · Δ MH: ETS delta, negative = harder for ${values.focal} · ` +
      `REWRITE when adjusted p < ${FLAG_RULES.fitAdjustedP}, a < ${FLAG_RULES.minA}, ETS class ${FLAG_RULES.difClass}, Q3 > mean + ${FLAG_RULES.q3AboveMean}, or an estimated c > ${FLAG_RULES.maxEstimatedC}`,
  );
  if (values.out) {
    const json = {
      model: params.model ?? null,
      parameters,
      groups: groups ? { reference: values.reference, focal: values.focal } : null,
      rules: FLAG_RULES,
      ...report,
      items: report.items.map((item) => ({ ...item, flag: item.reasons.length > 0 })),
    };
    const round = (_: string, v: unknown) =>
      typeof v === 'number' && !Number.isInteger(v) ? Number(v.toPrecision(6)) : v;
    writeFileSync(values.out, JSON.stringify(json, round, 2) + '\n');
    console.log(`→ ${values.out}`);
  }
}

const pShort = (p: number) => (p < 0.001 ? '< .001' : p.toFixed(3).replace(/^0/, ''));
const test = (name: string, t: Test, symbol: string) =>
  `${name}: ${symbol} = ${t.statistic.toFixed(2)}, df ${t.df}, p ${pShort(t.p)}${t.p < EQUIVALENCE_ALPHA ? '  ← not equivalent' : ''}`;

/** The check that the groups randomly assigned to the served forms are equivalent (calibration.ts storedEquivalence). */
export function equivalenceText(report: EquivalenceReport): string {
  if (report.forms.length < 2) return 'Groups by form: fewer than two served forms have first attempts yet.';
  const rows = [
    ['form', 'first attempts', 'anchors right: mean', 'sd', ...report.languages],
    ...report.forms.map((f) => [
      String(f.formId),
      String(f.n),
      f.anchorMean.toFixed(2),
      f.anchorSd.toFixed(2),
      ...report.languages.map((lang) => `${Math.round(f.shares[lang] * 100)}%`),
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  return [
    'Groups by form (first attempts, assigned at random): are they equivalent? Each test at α = .01.',
    ...rows.map((row) => row.map((cell, c) => cell.padStart(widths[c])).join('  ')),
    test('size (equal shares)', report.size, 'χ²'),
    test('language (independent of form)', report.language, 'χ²'),
    test('anchors right (Kruskal–Wallis)', report.anchors, 'H'),
    `largest difference of anchor means: ${report.largestDifference.toFixed(2)} pooled SD`,
    report.flags.length
      ? `NOT EQUIVALENT (${report.flags.join(', ')}): the forms' groups differ beyond chance; look at how forms are served.`
      : 'No difference beyond chance.',
  ].join('\n');
}
