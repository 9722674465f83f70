/**
 * Which scale an IQ form is read on (issue 29), from the calibrations in iq_scales: the newest active one holding
 * every item of the form, else the provisional parameters (src/domain/iq/scale.ts). Read once per process, then
 * again in the background at most every 10 minutes, so scoring does not wait on the database and a new calibration
 * (the scheduled recalibration) is in use within minutes. Calibrations are never changed, so a result read again
 * later — by the scale it names — gives the same figures for ever.
 */
import {
  formScale,
  highestReading,
  PROVISIONAL_SCALE,
  type FormScale,
  type StoredScale,
} from '../../domain/iq/scale.ts';
import { SERVED_FORM_IDS } from '../../domain/iq/bank.ts';
import type { ItemParameters } from '../../domain/irt/model.ts';
import { db } from './db.ts';

const REFRESH_MS = 10 * 60_000;
/** Active calibrations, newest first; every calibration ever read, by id (a result may name an inactive one). */
let active: StoredScale[] | null = null;
const known = new Map<string, StoredScale>();
let loadedAt = 0;
let loading: Promise<void> | null = null;

interface ScaleRow {
  id: string;
  items: ItemParameters[] | string;
  active: boolean;
}
const stored = (row: ScaleRow): StoredScale => ({
  id: row.id,
  items: typeof row.items === 'string' ? JSON.parse(row.items) : row.items,
});

async function load(): Promise<void> {
  try {
    const rows = await (
      await db()
    ).query<ScaleRow>('SELECT id, items, active FROM iq_scales ORDER BY created_at DESC, id DESC');
    for (const row of rows) if (!known.has(row.id)) known.set(row.id, stored(row));
    active = rows.filter((row) => row.active).map((row) => known.get(row.id)!);
  } catch (err) {
    console.error('[scales] could not read iq_scales:', (err as Error).message);
    active ??= [];
  }
  loadedAt = Date.now();
}

/** Reads the calibrations again; scoring calls it in the background, tests await it. */
export function refreshScales(): Promise<void> {
  loading ??= load().finally(() => (loading = null));
  return loading;
}

/** Marks what was read as stale (a calibration was written): the next score reads again in the background. */
export function scalesChanged(): void {
  loadedAt = 0;
}

const provisional = (formId: number): FormScale => {
  const scale = formScale(formId);
  if (!scale) throw new Error(`form ${formId} has no provisional scale`);
  return scale;
};

/** The scale a new sheet of this form is read on. */
export async function scaleInUse(formId: number): Promise<FormScale> {
  if (!active) await refreshScales();
  else if (Date.now() - loadedAt > REFRESH_MS) void refreshScales();
  for (const calibration of active ?? []) {
    const scale = formScale(formId, calibration);
    if (scale) return scale;
  }
  return provisional(formId);
}

/** The highest figure a sheet of any form served today can show, each form on the scale a new sheet is read on. */
export async function highestServedReading(): Promise<number> {
  const scales = await Promise.all(SERVED_FORM_IDS.map(scaleInUse));
  return Math.max(...scales.map(highestReading));
}

/** Makes sure the calibrations these results name have been read (the provisional scale needs no reading). */
export async function ensureScales(ids: readonly (string | null | undefined)[]): Promise<void> {
  if (ids.some((id) => id && id !== PROVISIONAL_SCALE && !known.has(id))) await refreshScales();
}

/**
 * The scale a result recorded, to read it as it was read when scored (ensureScales first). A name no calibration
 * has (it cannot happen unless a row was deleted by hand) is read on the provisional scale and logged, rather than
 * failing the page.
 */
export function knownScale(id: string, formId: number): FormScale {
  if (id === PROVISIONAL_SCALE) return provisional(formId);
  const calibration = known.get(id);
  const scale = calibration && formScale(formId, calibration);
  if (scale) return scale;
  console.error(`[scales] a result names scale ${id}, which does not hold form ${formId}: read on the provisional one`);
  return provisional(formId);
}
