/**
 * Refused requests in the log, counted: one line per kind per minute ("[refused] wayforpay callback: bad signature
 * ×37 in the last minute (last: "GP…")"), never a line per request and never a stack trace. A scanner's probes are
 * refusals, not errors: sqlmap alone once wrote 2,187 bad-signature lines, and every upload a client abandoned
 * mid-body wrote a five-line stack (issue 27). Counts live in the process; a minute's counts are written when the
 * minute is over (a timer that keeps no process alive) or, if the process slept through it (a function instance
 * between invocations), at the next refusal.
 */
const MINUTE_MS = 60_000;

interface Tally {
  n: number;
  last?: string;
}

let tallies = new Map<string, Tally>();
let windowEnd = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let write: (line: string) => void = (line) => console.warn(line);
let now: () => number = Date.now;

/** Counts one refused request of `kind`; `detail` (an order reference, say) shows as the minute's last example. */
export function noteRefusal(kind: string, detail?: string): void {
  if (windowEnd && now() >= windowEnd) flushRefusals();
  if (!windowEnd) {
    windowEnd = now() + MINUTE_MS;
    timer = setTimeout(flushRefusals, MINUTE_MS);
    timer.unref?.();
  }
  const tally = tallies.get(kind) ?? { n: 0 };
  tally.n += 1;
  if (detail !== undefined) tally.last = detail.slice(0, 80);
  tallies.set(kind, tally);
}

/** Writes the counts so far, one line per kind, and starts afresh (also at shutdown, so no count is lost). */
export function flushRefusals(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  windowEnd = 0;
  const done = tallies;
  tallies = new Map();
  for (const [kind, { n, last }] of done)
    write(`[refused] ${kind} ×${n} in the last minute${last === undefined ? '' : ` (last: ${JSON.stringify(last)})`}`);
}

/** Tests: where lines go and what time it is; call with no arguments to restore the defaults. */
export function setRefusalLog(log?: (line: string) => void, clock?: () => number): void {
  flushRefusals();
  write = log ?? ((line) => console.warn(line));
  now = clock ?? Date.now;
}
