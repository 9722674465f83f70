/**
 * Kept sheets as a response matrix for calibration: one row per sheet, one column per item version, 1 right, 0 wrong,
 * null where the sheet did not present the item. Items that are not asked for are left out as if not presented, and
 * a sheet left with none of them is no row. Columns in the order the sheets first show them. Pure.
 */
import type { ResponseData } from './calibrate.ts';

/** One kept sheet: the item versions it presented and whether each was answered right, in the same order. */
export interface SheetResponses {
  items: string[];
  correct: boolean[];
}

export function responseMatrix(sheets: SheetResponses[], keep: (item: string) => boolean = () => true): ResponseData {
  const columns = new Map<string, number>();
  for (const sheet of sheets)
    for (const item of sheet.items) if (!columns.has(item) && keep(item)) columns.set(item, columns.size);
  const rows = sheets.flatMap((sheet) => {
    const row: (0 | 1 | null)[] = new Array(columns.size).fill(null);
    let any = false;
    sheet.items.forEach((item, j) => {
      const column = columns.get(item);
      if (column === undefined) return;
      row[column] = sheet.correct[j] ? 1 : 0;
      any = true;
    });
    return any ? [row] : [];
  });
  return { items: [...columns.keys()], rows };
}
