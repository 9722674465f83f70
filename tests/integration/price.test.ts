/**
 * The price as charged (USD) and its hryvnia figure at the NBU's official rate (issue 31): through the site, from our
 * stand-in for the NBU's open-data API, which checks the request's format; and the client on its own, which shows no
 * figure rather than one it cannot source.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../support/client.ts';
import { NBU_USD_RATE, receivedBy, startFakeProviders } from '../support/fake-providers.ts';
import { forgetUsdRate, usdRate } from '../../src/lib/server/exchange-rate.ts';
import { resetEnvForTests } from '../../src/lib/server/env.ts';

const base = inject('baseUrl');
const fake = inject('fakeUrl');
const today = new Date().toISOString().slice(0, 10);

describe('GET /api/price', () => {
  it('is 1 USD for 30 days, about 42 ₴ at the NBU rate of the day, asked of the NBU as documented', async () => {
    const res = await new Client(base).get('/api/price');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      amount: '1',
      currency: 'USD',
      days: 30,
      uah: { amount: Math.round(NBU_USD_RATE), rate: NBU_USD_RATE, date: today },
    });
    const asked = (await receivedBy(fake)).filter((r) => r.path === '/NBUStatService/v1/statdirectory/exchange');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.flatMap((r) => r.problems)).toEqual([]);
  });
});

describe('the NBU rate client', () => {
  let own: Awaited<ReturnType<typeof startFakeProviders>>;
  beforeAll(async () => {
    own = await startFakeProviders();
    process.env.NBU_API_BASE = own.url;
    resetEnvForTests();
  });
  afterAll(async () => {
    delete process.env.NBU_API_BASE;
    resetEnvForTests();
    forgetUsdRate();
    await own.close();
  });
  const setRate = (rate: number | null) =>
    fetch(`${own.url}/__control/nbu`, { method: 'POST', body: JSON.stringify({ rate }) });

  it('reads the rate and its date, and asks again only after six hours', async () => {
    forgetUsdRate();
    const now = Date.now();
    expect(await usdRate(now)).toEqual({ rate: NBU_USD_RATE, date: today });
    await setRate(40.5);
    expect(await usdRate(now + 5 * 3600_000)).toEqual({ rate: NBU_USD_RATE, date: today });
    expect(await usdRate(now + 6 * 3600_000 + 1)).toEqual({ rate: 40.5, date: today });
  });

  it('gives no rate when the NBU is down, and asks again ten minutes later', async () => {
    forgetUsdRate();
    await setRate(null);
    const now = Date.now();
    expect(await usdRate(now)).toBeNull();
    await setRate(41);
    expect(await usdRate(now + 60_000)).toBeNull();
    expect(await usdRate(now + 10 * 60_000 + 1)).toEqual({ rate: 41, date: today });
  });
});
