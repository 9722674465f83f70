/**
 * The item analysis over the stored IQ sheets (DESIGN.md §3.5): each signed-in result's answers, scored against
 * its form's key, analysed per form (src/domain/iq/analysis.ts), and each form's n and KR-20 written to
 * iq_form_stats: the classical figures of the item report, beside the item response model's (issue 29). Scoring
 * reads sheets on their form's scale (scales.ts) since; a result saved before keeps the reliability it recorded.
 * Run by `npm run items:report` and daily by the scheduled function iq-form-stats.
 */
import { analyseForm, UNANSWERED, type FormAnalysis, type Sheet } from '../../domain/iq/analysis.ts';
import { iqBank, IQ_FORM_IDS, type IqItem } from '../../domain/iq/bank.ts';
import { measuredReliabilityApplies, STATED_RELIABILITY } from '../../domain/iq/reading.ts';
import { scoreIqSheet, type IqAnswer } from '../../domain/iq/scoring.ts';
import { db } from './db.ts';

export interface FormReport {
  formId: number;
  items: IqItem[];
  analysis: FormAnalysis;
  /** Sheets left out as rushed (`too_fast`). */
  rushed: number;
}

interface StoredSheetRow {
  answers: IqAnswer[] | string;
  time_spent: number;
}

/** The chosen option per item, in the form's order; anything not a valid option counts as unanswered. */
export function sheetOf(items: IqItem[], answers: IqAnswer[]): Sheet {
  const chosen = new Map(answers.map((a) => [a.questionId, a.selectedAnswer]));
  return items.map((item) => {
    const choice = chosen.get(item.id);
    return Number.isInteger(choice) && choice! >= 0 && choice! < item.options.uk.length ? choice! : UNANSWERED;
  });
}

/**
 * Rushed sheets are left out: a sheet clicked through in seconds measures nothing, and its near-random answers
 * would pull every p towards 1/6 and every correlation towards 0. Below-chance sheets stay in: a low score
 * honestly reached is part of the spread the statistics describe.
 */
const isRushed = (formId: number, answers: IqAnswer[], timeSpent: number): boolean =>
  scoreIqSheet({ formId, answers, timeSpent, reliability: STATED_RELIABILITY }).cautions.includes('too_fast');

/** Every form's analysis over its stored sheets; a form without sheets is reported with n = 0. */
export async function analyseStoredForms(): Promise<FormReport[]> {
  const database = await db();
  const reports: FormReport[] = [];
  for (const formId of IQ_FORM_IDS) {
    const items = iqBank(formId);
    // TODO: this holds a form's sheets in memory at once; page through them when a form has hundreds of thousands.
    const rows = await database.query<StoredSheetRow>(
      // Not a sheet taken with the key seen, nor a copy of another account's sheet (migration 0008).
      `SELECT answers, time_spent FROM test_results
       WHERE form_id = $1 AND NOT key_seen AND submission_key NOT LIKE 'dup:%'`,
      [formId],
    );
    const sheets: Sheet[] = [];
    let rushed = 0;
    for (const row of rows) {
      const answers: IqAnswer[] = typeof row.answers === 'string' ? JSON.parse(row.answers) : row.answers;
      if (isRushed(formId, answers, row.time_spent)) rushed++;
      else sheets.push(sheetOf(items, answers));
    }
    reports.push({ formId, items, analysis: analyseForm(items, sheets), rushed });
  }
  return reports;
}

/** Whether scoring takes this form's measured KR-20 instead of the stated reliability (the rule of reliability.ts). */
export const usesMeasuredReliability = ({ n, kr20 }: FormAnalysis): boolean => measuredReliabilityApplies(n, kr20);

/** One iq_form_stats row per form, all in one transaction so scoring never reads a half-written set. */
export async function saveFormStats(reports: FormReport[]): Promise<void> {
  await (
    await db()
  ).transaction(async (tx) => {
    for (const { formId, analysis } of reports) {
      await tx.query(
        `INSERT INTO iq_form_stats (form_id, sheets, kr20, computed_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (form_id) DO UPDATE SET sheets = EXCLUDED.sheets, kr20 = EXCLUDED.kr20, computed_at = EXCLUDED.computed_at`,
        [formId, analysis.n, analysis.kr20],
      );
    }
  });
}

/** Recomputes and stores every form's statistics; returns the reports it stored. */
export async function refreshFormStats(): Promise<FormReport[]> {
  const reports = await analyseStoredForms();
  await saveFormStats(reports);
  return reports;
}
