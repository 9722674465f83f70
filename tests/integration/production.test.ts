/**
 * The production guard on the real scripts: `npm run build` and `node src/runtime/main.ts` refuse to run with a
 * required variable missing, naming it, and a fully configured production server starts; there the checkout refuses
 * the test provider, a callback signed with the repository's test key grants nothing, and ROZUM-DEMO does not exist.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { signedUp } from '../support/accounts.ts';
import { Client } from '../support/client.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { spawnServer, waitForHealth, type ServerProcess } from '../support/server.ts';
import { deliverCallback, serviceCallback, WAYFORPAY } from '../support/wayforpay.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SITE_FACTS = {
  SITE_URL: 'https://rozum.example',
  OPERATOR_NAME: 'ФОП Коваль О. П.',
  OPERATOR_ADDRESS: 'Київ, вул. Хрещатик, 1',
  OPERATOR_CODE: '1234567890',
  CONTACT_EMAIL: 'help@rozum.example',
  SMTP_URL: 'smtps://rozum:mail-password@smtp.rozum.example:465',
  MAIL_FROM: 'Rozum <hello@rozum.example>',
};
const LIVE = { account: 'rozum_live', secret: 'a-live-secret-not-in-any-repository', password: 'a-live-password' };
const LIVE_MERCHANT = {
  WAYFORPAY_MERCHANT_ACCOUNT: LIVE.account,
  WAYFORPAY_MERCHANT_DOMAIN: 'rozum.example',
  WAYFORPAY_SECRET_KEY: LIVE.secret,
  WAYFORPAY_MERCHANT_PASSWORD: LIVE.password,
};

const GUARDED =
  /^(SITE_URL|OPERATOR_|CONTACT_EMAIL|SMTP_URL|MAIL_FROM|APP_SECRET|WAYFORPAY_|PAYMENT_PROVIDER|CONTEXT|NETLIFY|AWS_LAMBDA_)/;
const inheritedGuarded = () => Object.keys(process.env).filter((name) => GUARDED.test(name));

/** This process's environment without anything the guard reads, so a developer's shell cannot mask a failure. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of inheritedGuarded()) delete env[name];
  return { ...env, PORT: '0', ...extra };
}
/**
 * spawnServer starts from this process's environment and asks for the test provider: blank whatever guarded variable
 * it holds and that request, then set these.
 */
const serverEnv = (extra: Record<string, string>) => ({
  ...Object.fromEntries(inheritedGuarded().map((name) => [name, ''])),
  PAYMENT_PROVIDER: '',
  ...extra,
});

function run(command: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(command, args, { cwd: root, env: cleanEnv(env), encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('the guard on the real scripts', () => {
  it('npm start (main.ts) refuses in production, naming every missing variable in one message', () => {
    const { status, output } = run(process.execPath, ['src/runtime/main.ts', '--no-build'], {
      NODE_ENV: 'production',
      SITE_URL: SITE_FACTS.SITE_URL,
    });
    expect(status).toBe(1);
    expect(output).toContain(
      '[server] The production server refuses to run without OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_CODE, CONTACT_EMAIL, SMTP_URL, MAIL_FROM: set them',
    );
    expect(output).not.toContain('listening on');
  });

  it('the server on a hosted deploy also needs APP_SECRET', () => {
    const { status, output } = run(process.execPath, ['src/runtime/main.ts', '--no-build'], {
      CONTEXT: 'production',
      NETLIFY: 'true',
      ...SITE_FACTS,
    });
    expect(status).toBe(1);
    expect(output).toContain('refuses to run without APP_SECRET: set it');
  });

  it('npm run build refuses a Netlify production build before Astro runs, naming the missing variable', () => {
    const stamp = `${root}dist/.build-stamp`;
    const before = existsSync(stamp) ? statSync(stamp).mtimeMs : null;
    const { status, output } = run('npm', ['run', 'build', '--silent'], {
      CONTEXT: 'production',
      ...SITE_FACTS,
      CONTACT_EMAIL: '',
    });
    expect(status).not.toBe(0);
    expect(output).toContain('[build] The production build refuses to run without CONTACT_EMAIL: set it');
    expect(output).not.toMatch(/astro/i);
    expect(existsSync(stamp) ? statSync(stamp).mtimeMs : null).toBe(before);
  });

  it('the build step passes a production build with every variable set, and a local build with none', () => {
    expect(
      run(process.execPath, ['src/runtime/check-config.ts'], { CONTEXT: 'production', ...SITE_FACTS }),
    ).toMatchObject({ status: 0, output: '' });
    expect(run(process.execPath, ['src/runtime/check-config.ts'], { NODE_ENV: 'development' })).toMatchObject({
      status: 0,
      output: '',
    });
  });
});

/** An approval of the order from WayForPay to `account`, signed with `key`. */
const approval = (orderReference: string, account: string, key: string) =>
  serviceCallback(orderReference, 'Approved', { merchantAccount: account }, key);

describe('a production server', () => {
  let database: TestDatabase;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    database = await createTestDatabase(inject('dbDriver'));
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  /** One production server at a time on the same database (PGlite has one writer); sessions carry over. */
  async function start(extra: Record<string, string>) {
    if (server) expect(await server.stop()).toBe(0);
    server = await spawnServer(serverEnv({ ...database.env, NODE_ENV: 'production', ...SITE_FACTS, ...extra }));
    await waitForHealth(server.url);
    return server.url;
  }
  async function buyer(base: string, signedIn?: Client) {
    if (!signedIn) return signedUp(base);
    const client = new Client(base);
    for (const [name, value] of signedIn.cookies) client.cookies.set(name, value);
    return client;
  }
  const checkout = (client: Client) =>
    client.post('/api/payments/checkout', { fullName: 'Петро Іваненко', phone: '+380501234567', lang: 'uk' });
  const premium = async (client: Client) => (await (await client.get('/api/me')).json()).subscription.active;
  /** An order placed through WayForPay and never paid, for the next server to be attacked with. */
  let unpaid: { orderReference: string; owner: Client };

  it('with its own keys pays through WayForPay, and a callback signed with the repository key grants nothing', async () => {
    const base = await start(LIVE_MERCHANT);
    const client = await buyer(base);
    const created = await checkout(client);
    expect(created.status).toBe(201);
    const { provider, orderReference, widget } = await created.json();
    expect(provider).toBe('wayforpay');
    expect(widget).toMatchObject({
      merchantAccount: LIVE.account,
      serviceUrl: 'https://rozum.example/api/payments/wayforpay',
    });
    expect((await client.get(`/api/payments/test/${orderReference}`)).status).toBe(404);
    expect(server!.output()).not.toContain('ROZUM-DEMO');

    for (const account of [LIVE.account, WAYFORPAY.account]) {
      expect((await deliverCallback(base, approval(orderReference, account, WAYFORPAY.secret))).status).toBe(400);
    }
    expect(await premium(client)).toBe(false);
    // The same approval signed with the live key goes through, so the refusal above is the key's.
    expect((await deliverCallback(base, approval(orderReference, LIVE.account, LIVE.secret))).status).toBe(200);
    expect(await premium(client)).toBe(true);

    const owner = await buyer(base);
    unpaid = { orderReference: (await (await checkout(owner)).json()).orderReference, owner };
  });

  it('without WayForPay keys starts, but checkout and callbacks answer 503 instead of using the test provider and key', async () => {
    const base = await start({});
    expect(server!.output()).toContain(
      'Payments refused in production: WAYFORPAY_MERCHANT_ACCOUNT, WAYFORPAY_MERCHANT_DOMAIN, WAYFORPAY_SECRET_KEY, WAYFORPAY_MERCHANT_PASSWORD not set.',
    );
    const owner = await buyer(base, unpaid.owner);
    const refused = await checkout(owner);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({
      error: 'payment.error.unavailable',
      message: expect.stringMatching(/^Оплата зараз недоступна/),
    });
    expect((await owner.get(`/api/payments/test/${unpaid.orderReference}`)).status).toBe(503);

    for (const account of [LIVE.account, WAYFORPAY.account]) {
      expect((await deliverCallback(base, approval(unpaid.orderReference, account, WAYFORPAY.secret))).status).toBe(
        503,
      );
    }
    expect(await premium(owner)).toBe(false);
  });

  it('refuses PAYMENT_PROVIDER=test even with the keys set, and has no demo promo code', async () => {
    const base = await start({ ...LIVE_MERCHANT, PAYMENT_PROVIDER: 'test' });
    const client = await buyer(base);
    const refused = await checkout(client);
    expect(refused.status).toBe(503);
    expect((await refused.json()).error).toBe('payment.error.unavailable');
    const demo = await client.post('/api/promo', { promoCode: 'ROZUM-DEMO' });
    expect(demo.status).toBeGreaterThanOrEqual(400);
    expect(await premium(client)).toBe(false);
  });
});

describe('a deploy preview', () => {
  let database: TestDatabase;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    database = await createTestDatabase(inject('dbDriver'));
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('on a database of its own runs the test provider it asks for, but honours no demo promo code', async () => {
    server = await spawnServer(
      serverEnv({
        ...database.env,
        CONTEXT: 'deploy-preview',
        PAYMENT_PROVIDER: 'test',
        // As if a local run had once seeded the published code into this database.
        ROZUM_SEED_PROMOS: JSON.stringify([{ code: 'ROZUM-DEMO', days: 30, max: 1000 }]),
      }),
    );
    await waitForHealth(server.url);
    const client = await signedUp(server.url);
    const created = await client.post('/api/payments/checkout', {
      fullName: 'Петро Іваненко',
      phone: '+380501234567',
      lang: 'uk',
    });
    expect(created.status).toBe(201);
    expect((await created.json()).provider).toBe('test');
    const demo = await client.post('/api/promo', { promoCode: 'rozum-demo' });
    expect(demo.status).toBe(404);
    expect((await demo.json()).error).toBe('promo.error.invalid');
    expect((await (await client.get('/api/me')).json()).subscription.active).toBe(false);
    expect(server.output()).not.toContain('demo promo code');
  });
});
