/**
 * `npm run items:report`: the item analysis of every IQ form over the stored sheets, for the operator — per form
 * n and KR-20 and whether scoring uses it, per item difficulty (p), discrimination (item–rest r) and how the
 * options draw — then writes the forms' statistics to iq_form_stats, as the daily scheduled function does.
 * Then, per served form, the item response report over its eligible kept sheets against the parameters the form is
 * read on (src/lib/server/calibration.ts storedItemReports): a, b, c and their SEs, S-X², Q3, uk/en DIF, what to
 * rewrite. Works on DATABASE_URL, or on the embedded database while `npm start` is not running (PGlite has one owner).
 * With arguments (`-- --params <json> --input <csv> …`) it reads files instead and reports item fit, local
 * dependence and uk/en DIF per item (db/items-report-files.ts), touching no database.
 */
import '../src/runtime/dotenv.ts';
import { closeDb } from '../src/lib/server/db.ts';
import {
  analyseStoredForms,
  saveFormStats,
  usesMeasuredReliability,
  type FormReport,
} from '../src/lib/server/item-stats.ts';
import { MEASURED_RELIABILITY_MIN_SHEETS } from '../src/domain/iq/reading.ts';
import { storedEquivalence, storedItemReports } from '../src/lib/server/calibration.ts';
import { equivalenceText, row as irtRow, table as irtTable } from './items-report-files.ts';

const fixed = (x: number | null, digits = 2) => (x === null ? '—' : x.toFixed(digits));
const percent = (share: number) => `${Math.round(share * 100)}%`;

function formHeader({ formId, analysis, rushed }: FormReport): string {
  const { n, kr20 } = analysis;
  if (n + rushed === 0) return `Form ${formId}: no saved sheets yet`;
  // The classical figures: scoring reads every new sheet by item response theory (below), not by KR-20.
  const use = usesMeasuredReliability(analysis)
    ? `measured (≥ ${MEASURED_RELIABILITY_MIN_SHEETS} sheets)`
    : n < MEASURED_RELIABILITY_MIN_SHEETS
      ? `too few sheets to rely on (${MEASURED_RELIABILITY_MIN_SHEETS})`
      : kr20 === null
        ? 'none'
        : 'outside 0–1';
  return `Form ${formId}: ${n} saved sheets analysed, ${rushed} rushed left out; KR-20 ${fixed(kr20, 3)}, ${use}`;
}

/** One row per item; option columns 1–6 in percent of sheets, the key marked with *. */
function itemRows({ items, analysis }: FormReport): string[][] {
  return analysis.items.map((stats, j) => {
    const item = items[j];
    const shares = stats.optionShares!;
    return [
      String(item.id),
      item.type,
      item.difficulty,
      String(stats.n),
      fixed(stats.p),
      fixed(stats.pointBiserial),
      ...shares.options.map((share, o) => `${percent(share)}${o === item.correctAnswer ? '*' : ' '}`),
      percent(shares.unanswered),
    ];
  });
}

const HEADER = ['id', 'type', 'difficulty', 'n', 'p', 'r', '1', '2', '3', '4', '5', '6', 'none'];

/** Text left-aligned, figures right-aligned, two spaces between columns. */
function table(rows: string[][]): string {
  const all = [HEADER, ...rows];
  const widths = HEADER.map((_, c) => Math.max(...all.map((row) => row[c].length)));
  const line = (row: string[]) =>
    row.map((cell, c) => (c > 0 && c < 3 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  return all.map(line).join('\n');
}

const args = process.argv.slice(2);
if (args.length) {
  (await import('./items-report-files.ts')).reportFromFiles(args);
  process.exit(0);
}

try {
  const reports = await analyseStoredForms();
  for (const report of reports) {
    console.log(`\n${formHeader(report)}`);
    if (report.analysis.n > 0) console.log(table(itemRows(report)));
  }
  console.log(
    '\np: share correct · r: the item against the number correct on the other items (corrected point-biserial) · 1–6: share choosing each option, * the key',
  );
  await saveFormStats(reports);
  console.log(`iq_form_stats updated for ${reports.length} forms`);
  for (const { formId, scale, report } of await storedItemReports()) {
    console.log(
      `\nForm ${formId}, item response report: ${report.sheets} eligible kept sheets (${report.completeSheets} complete), ` +
        `against ${scale.provisional ? 'the provisional parameters (no standard errors)' : `calibration ${scale.id}`}; DIF uk (reference) against en (focal)`,
    );
    console.log(irtTable(report.items.map(irtRow)));
  }
  console.log(`\n${equivalenceText(await storedEquivalence())}`);
} finally {
  await closeDb();
}
