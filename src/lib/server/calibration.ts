/**
 * Calibrating the items from the kept responses (issue 29; responses.ts keeps them). What calibration reads are the
 * eligible sheets — first attempts, neither taken with the key seen nor cautioned (db/migrations/0012) — as a response
 * matrix: a row per sheet, a column per item version. `npm run items:calibrate` reads them so; the scheduled function
 * iq-calibrate recalibrates from them once a form's items each have 500 eligible responses, and writes the result to
 * iq_scales, from which scoring reads a form's newest active scale holding all its items.
 */
import { iqBank, IQ_FORM_IDS, SERVED_FORM_IDS } from '../../domain/iq/bank.ts';
import { GUESS_ODDS } from '../../domain/iq/cautions.ts';
import { itemVersion } from '../../domain/iq/item-version.ts';
import { calibrateGroups } from '../../domain/irt/components.ts';
import { responseMatrix, type SheetResponses } from '../../domain/irt/matrix.ts';
import { scaleItems } from '../../domain/irt/output.ts';
import type { Calibration, CalibratedItem } from '../../domain/irt/calibrate.ts';
import { itemReport, type ItemReport } from '../../domain/irt/item-report.ts';
import { groupEquivalence, type EquivalenceReport, type GroupSheets } from '../../domain/irt/equivalence.ts';
import { anchorIds } from '../../domain/iq/linking.ts';
import { db } from './db.ts';
import { scaleInUse, scalesChanged } from './scales.ts';

/**
 * Every eligible sheet (of one form, if named): its item versions in the form's order and whether each was right.
 * TODO: this holds every sheet in memory at once; page through them when there are hundreds of thousands.
 */
export async function eligibleSheets(formId?: number): Promise<(SheetResponses & { formId: number })[]> {
  const rows = await (
    await db()
  ).query<SheetResponses & { formId: number }>(
    `SELECT item_versions AS items, correct, form_id AS "formId" FROM iq_responses
     WHERE eligible AND ($1::smallint IS NULL OR form_id = $1::smallint) ORDER BY form_id, sitting`,
    [formId ?? null],
  );
  return rows.map((row) => ({ ...row, formId: Number(row.formId) }));
}

/**
 * Each sheet's group for a multiple-group calibration: the group that took its form, numbered with the served forms
 * first (form 4, whose items the anchors are, the reference: N(0, 1)), then any other form met.
 */
export function formGroups(sheets: { formId: number }[]): number[] {
  const order = [...SERVED_FORM_IDS, ...IQ_FORM_IDS.filter((f) => !SERVED_FORM_IDS.includes(f))];
  return sheets.map((sheet) => order.indexOf(sheet.formId));
}

export interface StoredItemReport {
  formId: number;
  /** The scale the form is read on now, whose parameters the report tests. */
  scale: { id: string; provisional: boolean };
  report: ItemReport;
}

/**
 * The item report (issue 29, point 6) of every served form over its eligible kept sheets, against the parameters
 * the form is read on now (scales.ts): a, b, c with their standard errors (none for provisional parameters), S-X²,
 * Q3 and uk/en Mantel–Haenszel DIF, and which items to rewrite. Only sheets of the form's items as they are now (an
 * edited item is another item). A form with no such sheet is left out.
 */
export async function storedItemReports(): Promise<StoredItemReport[]> {
  const database = await db();
  const reports: StoredItemReport[] = [];
  for (const formId of SERVED_FORM_IDS) {
    const scale = await scaleInUse(formId);
    const ids = scale.items.map((item) => item.id);
    const rows = await database.query<{ correct: boolean[]; lang: string }>(
      `SELECT correct, lang FROM iq_responses WHERE eligible AND form_id = $1 AND item_versions = $2::text[]
       ORDER BY sitting`,
      [formId, ids],
    );
    if (!rows.length) continue;
    const items = scale.items.map((item) => ({
      seA: NaN,
      seB: NaN,
      ...item,
    })) as CalibratedItem[];
    const report = itemReport({
      items,
      data: { items: ids, rows: rows.map((r) => r.correct.map((right) => (right ? 1 : 0))) },
      // A calibration estimates a and b (c is fixed at 1/6); provisional parameters were not estimated from these
      // sheets, and are tested as if they had been: S-X²'s df is then, if anything, too small, its p too large.
      parameters: 2,
      groups: rows.map((r) => (r.lang === 'uk' ? 'reference' : r.lang === 'en' ? 'focal' : null)),
    });
    reports.push({ formId, scale: { id: scale.id, provisional: scale.provisional }, report });
  }
  return reports;
}

/**
 * The check that the groups randomly assigned to the served forms are equivalent (issue 29, point 4;
 * src/domain/irt/equivalence.ts), over the first attempts on each form as it is now — every first sitting, cautioned
 * or not, since the random assignment made those groups, not the eligible ones: their sizes, languages and number
 * right on the anchors every form shares; only since the day every served form was being served.
 */
export async function storedEquivalence(): Promise<EquivalenceReport> {
  const anchors = new Set(
    iqBank(SERVED_FORM_IDS[0])
      .filter((item) => anchorIds(SERVED_FORM_IDS[0]).has(item.id))
      .map(itemVersion),
  );
  const database = await db();
  // Only since every served form was being served (the day the last of them had its first sheet): a form served
  // longer would count sheets from when it was assigned among other forms, or alone.
  const [{ since }] = await database.query<{ since: string | null }>(
    `SELECT to_char(max(first), 'YYYY-MM-DD') AS since
     FROM (SELECT min(created_on) AS first FROM iq_responses WHERE form_id = ANY($1::smallint[]) GROUP BY form_id) f`,
    [SERVED_FORM_IDS],
  );
  const groups: GroupSheets[] = [];
  for (const formId of SERVED_FORM_IDS) {
    const rows = await database.query<{ items: string[]; correct: boolean[]; lang: string }>(
      `SELECT item_versions AS items, correct, lang FROM iq_responses
       WHERE attempt = 1 AND form_id = $1 AND item_versions = $2::text[] AND created_on >= $3::date`,
      [formId, iqBank(formId).map(itemVersion), since],
    );
    groups.push({
      formId,
      sheets: rows.map((row) => ({
        anchorsRight: row.items.filter((item, k) => anchors.has(item) && row.correct[k]).length,
        lang: row.lang,
      })),
    });
  }
  return groupEquivalence(groups);
}

/** Eligible first attempts an item needs, on every item of a form, before the form is calibrated (issue 29). */
export const RECALIBRATION_MIN_SHEETS = 500;

/** How many eligible sheets presented each item version. */
function responsesPerItem(sheets: SheetResponses[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sheet of sheets) for (const item of sheet.items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** The forms every item of which (as it is now: its version) has at least `min` eligible responses. */
export function readyForms(counts: Map<string, number>, min: number): number[] {
  return IQ_FORM_IDS.filter((formId) => iqBank(formId).every((item) => (counts.get(itemVersion(item)) ?? 0) >= min));
}

export type Recalibration =
  | { calibrated: true; id: string; forms: number[]; items: number; sheets: number; logLik: number }
  | { calibrated: false; reason: string; forms?: number[]; sheets?: number };

/**
 * Calibrates the items of every ready form together over all the eligible sheets that presented any of them (an item
 * shared by forms is one column: one scale) — 3PL, c fixed at 1/6 for six options — and inserts the scale into
 * iq_scales. Not when no form is ready, when the sheets are as many as the newest scale's (nothing new), when some
 * item cannot be calibrated, or when the fit did not converge: each says why.
 */
export async function recalibrate({ minSheets = RECALIBRATION_MIN_SHEETS } = {}): Promise<Recalibration> {
  const sheets = await eligibleSheets();
  const forms = readyForms(responsesPerItem(sheets), minSheets);
  if (!forms.length) return { calibrated: false, reason: `no form has ${minSheets} eligible sheets on every item` };
  const items = new Set(forms.flatMap((formId) => iqBank(formId).map(itemVersion)));
  const matrix = responseMatrix(sheets, (item) => items.has(item));
  // The groups of the sheets the matrix kept (a sheet presenting none of these items is left out of it).
  const kept = sheets.filter((sheet) => sheet.items.some((item) => items.has(item)));
  const data = { ...matrix, groups: compactGroups(formGroups(kept)) };
  const newest = await newestScaleSheets();
  if (newest === data.rows.length) return { calibrated: false, reason: 'nothing new', forms, sheets: newest };
  let fit: Calibration;
  try {
    fit = calibrateGroups(data, { model: '3pl', guessing: GUESS_ODDS });
  } catch (err) {
    return { calibrated: false, reason: (err as Error).message, forms, sheets: data.rows.length };
  }
  if (!fit.converged) return { calibrated: false, reason: 'did not converge', forms, sheets: data.rows.length };
  const id = await insertScale(fit, data.rows.length);
  // Scoring in this process (the local server runs the scheduled functions) reads the new scale from its next sheet.
  scalesChanged();
  return { calibrated: true, id, forms, items: fit.items.length, sheets: data.rows.length, logLik: fit.logLik };
}

/** Group numbers 0, 1, … in the order of the numbers given (none missing), the smallest the reference. */
export function compactGroups(groups: number[]): number[] {
  const present = [...new Set(groups)].sort((a, b) => a - b);
  return groups.map((g) => present.indexOf(g));
}

/** How many sheets the newest scale was calibrated on (null when there is none). */
async function newestScaleSheets(): Promise<number | null> {
  const [newest] = await (
    await db()
  ).query<{ sheets: number }>('SELECT sheets FROM iq_scales ORDER BY created_at DESC, id DESC LIMIT 1');
  return newest ? Number(newest.sheets) : null;
}

/** A new scale, named `c-<day>-<n>` (the day's n-th calibration); its id. */
async function insertScale(fit: Calibration, sheets: number): Promise<string> {
  const [row] = await (
    await db()
  ).query<{ id: string }>(
    `WITH day AS (SELECT 'c-' || to_char(current_date, 'YYYY-MM-DD') || '-' AS prefix)
     INSERT INTO iq_scales (id, model, items, log_lik, sheets)
     SELECT prefix || (1 + (SELECT count(*) FROM iq_scales WHERE starts_with(id, prefix))), $1, $2::jsonb, $3, $4
     FROM day RETURNING id`,
    [fit.model, JSON.stringify(scaleItems(fit)), fit.logLik, sheets],
  );
  return row.id;
}
