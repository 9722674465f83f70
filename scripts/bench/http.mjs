// The bench's HTTP client: node:http over kept-alive sockets, cheaper per request than fetch, so the load generator
// takes less of the two cores the server under test also needs.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * One request with a deadline. Resolves `{ status, headers, body }` once the whole body is read, or
 * `{ error }` ('timeout', or the network error's code such as ECONNRESET); never rejects. A request past its deadline is abandoned (its socket closed).
 */
export function send(url, { method = 'GET', headers = {}, body, timeoutMs = 5000 } = {}) {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        finish({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on('error', (err) => finish({ error: err.code ?? 'network' }));
    });
    const timer = setTimeout(
      () => {
        finish({ error: 'timeout' });
        req.destroy();
      },
      Math.max(0, timeoutMs),
    );
    req.on('error', (err) => finish({ error: err.code ?? 'network' }));
    req.end(body);
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export const cookieHeader = (headers) => (headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');

/** Waits until the server answers its health check. */
export async function waitForHealth(base, seconds = 30) {
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const res = await send(`${base}/api/health`, { timeoutMs: 2000 });
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not answer /api/health within ${seconds} s`);
}

/**
 * Waits until a health check answers within `fastMs` again: after a saturating step the server may still be working
 * through requests the bench has already given up on, which must not be charged to the next step.
 */
export async function settle(base, { fastMs = 50, seconds = 20 } = {}) {
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await send(`${base}/api/health`, { timeoutMs: 5000 });
    if (res.status === 200 && performance.now() - t0 < fastMs) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}
