// Summaries of measured samples. A request that never answered counts as Infinity: it is the slowest there is.

/** The q-quantile (0–1) of the samples, nearest rank. */
export function quantile(samples, q) {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export const median = (samples) => quantile(samples, 0.5);

/** Milliseconds for a table: one decimal below 10 ms, none above, and a timeout as "> N". */
export function ms(value, timeoutMs = 5000) {
  if (!Number.isFinite(value)) return Number.isNaN(value) ? '—' : `> ${timeoutMs}`;
  return value < 10 ? value.toFixed(1) : value.toFixed(0);
}

/**
 * Latency percentiles and the error count of a step's outcomes (`{ latencyMs, error }`, error a short reason or
 * null), with the reasons counted: "3 (timeout 2, 503 1)".
 */
export function summarize(outcomes) {
  const latencies = outcomes.map((o) => o.latencyMs);
  const reasons = new Map();
  for (const { error } of outcomes) if (error) reasons.set(error, (reasons.get(error) ?? 0) + 1);
  const errors = [...reasons.values()].reduce((a, b) => a + b, 0);
  const detail = [...reasons].map(([reason, n]) => `${reason} ${n}`).join(', ');
  return {
    requests: outcomes.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: Math.max(...latencies),
    errors,
    errorText: errors ? `${errors} (${detail})` : '0',
  };
}
