// Certificates (DESIGN.md §7): the first request renders the PNG, the repeat is served from the server's cache;
// and the warm render alone, in this process.
import { send } from './http.mjs';
import { iqSheet } from './requests.mjs';

/** A signed-in user's new result's certificate, requested twice over HTTP. */
export async function measureCertificateHttp(base, user) {
  const headers = { cookie: user.cookie, 'x-forwarded-for': user.address };
  const scored = await send(`${base}/api/tests/iq/score`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: iqSheet(user),
  });
  const { id } = JSON.parse(scored.body);
  const timeCertificate = async () => {
    const t0 = performance.now();
    const res = await send(`${base}/api/certificates/${id}?lang=uk`, { headers, timeoutMs: 30_000 });
    return { ms: performance.now() - t0, cache: res.headers?.['x-certificate-cache'] ?? res.error ?? res.status };
  };
  const first = await timeCertificate();
  const repeat = await timeCertificate();
  return { first, repeat };
}

/** Warm render time of a certificate in this process (fonts loaded, engines warm). */
export async function measureCertificateRender(runs = 10) {
  const { renderCertificate } = await import('../../src/lib/server/certificate-image.ts');
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

/** Warm render time of a shared result's 1200×630 card (issue 32) in this process: drawn like the pages' cards. */
export async function measureShareCardRender(runs = 10) {
  const { renderCard } = await import('../../src/lib/server/social-cards.ts');
  const content = {
    title: 'IQ 124',
    line: 'Олена · Попередній IQ-еквівалент · 95-відсотковий інтервал: 112–136 · Попередня категорія: Високий рівень',
    from: '#1D4ED8',
    to: '#3B82F6',
    withLogo: true,
  };
  await renderCard(content);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await renderCard({ ...content, title: `IQ ${100 + i}` });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], max: times.at(-1) };
}
