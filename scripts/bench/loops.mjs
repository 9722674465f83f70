// The two ways the bench loads the server. `call(timeoutMs)` sends one request and resolves to null when it
// succeeded, else a short reason ("timeout", "ECONNRESET", "503", "not saved").
import { quantile, summarize } from './stats.mjs';

/**
 * Open loop, as users arrive: requests at fixed times (`rate` per second for `seconds`), each sent when due whether
 * or not earlier ones have answered, its latency counted from when it was due, not from when it was sent (no
 * coordinated omission: a stalled server or a late generator shows in the figures). `sendLagP99` is how late the
 * generator itself sent; when it is large, the machine running the bench, not the server alone, is saturated.
 */
export async function openLoop({ rate, seconds, call, timeoutMs = 5000 }) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now() + 5;
  const outcomes = [];
  const lags = [];
  const inFlight = [];
  let lastAnswer = start;
  let next = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (; next < total && start + next * interval <= now; next++) {
        const due = start + next * interval;
        lags.push(now - due);
        const request = call(timeoutMs - (now - due)).then((error) => {
          const answered = performance.now();
          outcomes.push({ latencyMs: error === 'timeout' ? Infinity : answered - due, error });
          if (!error) lastAnswer = answered;
        });
        inFlight.push(request);
      }
      if (next < total) setTimeout(tick, start + next * interval - performance.now());
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  const ok = outcomes.filter((o) => !o.error).length;
  return {
    ...summarize(outcomes),
    offered: rate,
    seconds,
    achieved: ok / Math.max(seconds, (lastAnswer - start) / 1000),
    sendLagP99: quantile(lags, 0.99),
  };
}

/**
 * Closed loop, the server's ceiling: `clients` callers each send their next request as soon as the last one
 * answers, for `seconds`. `throughput` counts successful answers per second.
 */
export async function closedLoop({ clients, seconds, call, timeoutMs = 5000 }) {
  const outcomes = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      const error = await call(timeoutMs);
      outcomes.push({ latencyMs: error === 'timeout' ? Infinity : performance.now() - t0, error });
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - start) / 1000;
  const ok = outcomes.filter((o) => !o.error).length;
  return { ...summarize(outcomes), clients, seconds, throughput: ok / elapsed };
}
