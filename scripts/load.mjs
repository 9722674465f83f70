// API latency under load (DESIGN.md §7): 50 concurrent signed-in clients scoring and saving IQ tests against the
// local server on a real PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; else the embedded database).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 20;

export async function measureApiLatency() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const { createScratchDatabase } = await import('../src/lib/server/db.ts');
  const database = adminUrl ? await createScratchDatabase(adminUrl, 'rozum_bench') : null;
  const dataDir = mkdtempSync(join(tmpdir(), 'rozum-load-'));
  const port = String(23000 + (process.pid % 10000));
  // TRUST_PROXY: the bench's clients each name an address in X-Forwarded-For, as behind a proxy.
  // RATE_LIMIT_MULTIPLIER: 50 clients score hundreds of sheets a minute; the limits are still counted, as in production.
  const env = {
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    RATE_LIMIT_MULTIPLIER: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  delete env.MAILCHIMP_API_KEY;
  delete env.TELEGRAM_BOT_TOKEN;
  const server = spawn(process.execPath, ['src/runtime/main.ts', '--no-build'], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const { formId, questions } = await (await fetch(`${base}/api/tests/iq/form?lang=uk&formId=0`)).json();
  const sheet = () => ({
    formId,
    answers: questions.map((q, i) => ({ questionId: q.id, selectedAnswer: (i * 7) % 6, timeSpent: 1000 })),
    timeSpent: 500_000,
    submissionId: crypto.randomUUID(),
  });
  // Sign the clients up first (each from its own address, so per-IP limits do not apply to the benchmark).
  const cookies = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const res = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ email: `bench${i}.${Date.now()}@example.com`, password: 'secret1' }),
      });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    }),
  );
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  // Each client from its own address, as 50 people would be (one shared address would make every request update the
  // same rate-limit row, a contention real traffic does not have).
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const address = `10.8.${Math.floor(i / 250)}.${i % 250}`;
      for (let n = 0; n < REQUESTS_PER_CLIENT; n++) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/tests/iq/score`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'x-forwarded-for': address },
          body: JSON.stringify(sheet()),
        }).catch(() => null);
        latencies.push(performance.now() - t0);
        const body = res?.ok ? await res.json() : null;
        if (!body?.saved) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Certificates: the first request renders, the repeat is served from the server's cache.
  const { id } = await (
    await fetch(`${base}/api/tests/iq/score`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookies[0] },
      body: JSON.stringify(sheet()),
    })
  ).json();
  const timeCertificate = async () => {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/certificates/${id}?lang=uk`, { headers: { cookie: cookies[0] } });
    await res.arrayBuffer();
    return { ms: performance.now() - t0, cache: res.headers.get('x-certificate-cache') };
  };
  const certificateFirst = await timeCertificate();
  const certificateRepeat = await timeCertificate();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    db: database ? 'postgres' : 'pglite',
    requests: latencies.length,
    errors,
    p50: at(0.5),
    p99: at(0.99),
    rps: latencies.length / seconds,
    certificateFirst,
    certificateRepeat,
  };
}

/** Warm render time of a certificate in this process (fonts loaded, engines warm). */
export async function measureCertificateRender(runs = 10) {
  const { renderCertificate } = await import('../src/lib/server/certificate-image.ts');
  const data = {
    kind: 'iq',
    lang: 'uk',
    holder: 'Олена Коваль',
    achieved: 'має попередній IQ-еквівалент',
    headline: 'IQ 124',
    detail: '95-відсотковий інтервал: 112–136 · Попередня категорія: Високий рівень',
    note: 'Це вище, ніж приблизно у 95% людей (95-відсотковий інтервал: від 79% до 99%).',
    date: new Date(),
    code: 'abcdefghijklmnopqrstuvwxyz',
    verifyUrl: 'https://rozum.example/verify?code=abcdefghijklmnopqrstuvwxyz',
  };
  await renderCertificate(data);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await renderCertificate({ ...data, holder: `Олена Коваль ${i}` });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times.at(-1) };
}
