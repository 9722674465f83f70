/**
 * The response CSV of `items:calibrate` and `items:score`: a header of item ids, one row per person, `1` right,
 * `0` wrong, empty for an item not presented. Pure parsing and writing, with line-and-column errors.
 */
import type { ResponseData } from './calibrate.ts';

export function parseResponses(text: string): ResponseData {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  if (!lines.length) throw new Error('the CSV is empty: it needs a header of item ids');
  const items = lines[0].split(',').map((id) => id.trim());
  if (items.some((id) => id === '')) throw new Error('line 1: every column needs an item id');
  if (new Set(items).size !== items.length) throw new Error('line 1: item ids must differ');
  const rows = lines.slice(1).map((line, i) => {
    const cells = line.split(',');
    if (cells.length !== items.length)
      throw new Error(`line ${i + 2}: ${cells.length} columns, the header has ${items.length}`);
    return cells.map((cell, j) => {
      const value = cell.trim();
      if (value === '1') return 1;
      if (value === '0') return 0;
      if (value === '') return null;
      throw new Error(`line ${i + 2}, column ${j + 1} (${items[j]}): "${value}" is not 1, 0 or empty`);
    });
  });
  if (!rows.length) throw new Error('the CSV has a header and no person');
  return { items, rows };
}

/**
 * One column taken out of a CSV by its header name — a sheet's language beside its answers (`items:report
 * --groups <column>`) — and the rest of the CSV as it was; null when no column has that name.
 */
export function takeColumn(text: string, name: string): { rest: string; values: string[] } | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length && lines.at(-1)!.trim() === '') lines.pop();
  const cells = lines.map((line) => line.split(','));
  const k = (cells[0] ?? []).findIndex((id) => id.trim() === name);
  if (k < 0) return null;
  return {
    rest: cells.map((row) => row.filter((_, c) => c !== k).join(',')).join('\n') + '\n',
    values: cells.slice(1).map((row) => (row[k] ?? '').trim()),
  };
}

/** The CSV `parseResponses` reads: a header of item ids, then one line per row (empty for not presented). */
export function writeResponses({ items, rows }: ResponseData): string {
  const cell = (u: 0 | 1 | null) => (u === null ? '' : String(u));
  return [items.join(','), ...rows.map((row) => row.map(cell).join(','))].join('\n') + '\n';
}
