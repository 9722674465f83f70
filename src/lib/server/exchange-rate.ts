/**
 * The official hryvnia rate of the US dollar, from the National Bank of Ukraine's open-data API, for the UAH figure
 * the Ukrainian site shows beside the price (issue 31). The charge itself is in USD, as WayForPay is configured
 * (payments.ts PRICE); the card's bank converts at its own rate, which the page says.
 *
 * Request and answer as documented at https://bank.gov.ua/ua/open-data/api-dev ("Офіційний курс гривні щодо
 * іноземних валют"): GET /NBUStatService/v1/statdirectory/exchange?valcode=USD&json answers a JSON array of
 * `{ r030: 840, txt, rate: number, cc: "USD", exchangedate: "DD.MM.YYYY" }`.
 *
 * Read at most once per six hours per instance; a failure is remembered for ten minutes, and the page then shows the
 * USD price alone rather than a figure it cannot source.
 */
import { z } from 'zod';
import { env } from './env.ts';

const Answer = z
  .array(
    z.object({
      cc: z.literal('USD'),
      rate: z.number().positive().finite(),
      exchangedate: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
    }),
  )
  .min(1);

export interface UsdRate {
  /** Hryvnias per dollar, as the NBU set it. */
  rate: number;
  /** The day the rate is set for, YYYY-MM-DD. */
  date: string;
}

const KEEP_MS = 6 * 60 * 60 * 1000;
const KEEP_FAILURE_MS = 10 * 60 * 1000;
const TIMEOUT_MS = 3000;
let kept: { value: UsdRate | null; until: number } | null = null;

export async function usdRate(now = Date.now()): Promise<UsdRate | null> {
  if (kept && kept.until > now) return kept.value;
  const value = await ask();
  kept = { value, until: now + (value ? KEEP_MS : KEEP_FAILURE_MS) };
  return value;
}

async function ask(): Promise<UsdRate | null> {
  const base = (env().NBU_API_BASE ?? 'https://bank.gov.ua').replace(/\/+$/, '');
  try {
    const res = await fetch(`${base}/NBUStatService/v1/statdirectory/exchange?valcode=USD&json`, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) return null;
    const parsed = Answer.safeParse(await res.json());
    if (!parsed.success) return null;
    const [day, month, year] = parsed.data[0].exchangedate.split('.');
    return { rate: parsed.data[0].rate, date: `${year}-${month}-${day}` };
  } catch {
    return null;
  }
}

/** Forgets the kept rate (tests). */
export function forgetUsdRate(): void {
  kept = null;
}
