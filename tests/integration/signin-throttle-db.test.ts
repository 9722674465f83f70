/**
 * Sign-in throttling against a real database of its own, with the clock moved by moving the run's last attempt back
 * (README, "Sign-in throttling"): strangers' wrong passwords slow an account with doubling waits, capped at two
 * minutes; a browser told to wait gets in within the cap however many addresses keep trying; the owner's own browser
 * is never held up by them; one address alone is slowed by its own limit.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';
import type { KnownDevice } from '../../src/lib/server/device.ts';

let m: {
  auth: typeof import('../../src/lib/server/auth.ts');
  users: typeof import('../../src/lib/server/users.ts');
  throttle: typeof import('../../src/lib/server/signin-throttle.ts');
  db: typeof import('../../src/lib/server/db.ts');
};

ownDatabase({ RATE_LIMIT_MULTIPLIER: '1' });
beforeAll(async () => {
  m = {
    auth: await import('../../src/lib/server/auth.ts'),
    users: await import('../../src/lib/server/users.ts'),
    throttle: await import('../../src/lib/server/signin-throttle.ts'),
    db: await import('../../src/lib/server/db.ts'),
  };
});

const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

async function account() {
  const email = `owner.${randomBytes(5).toString('hex')}@example.com`;
  const user = await m.users.createUser({ email, passwordHash: await m.users.hashPassword('secret1'), via: 'email' });
  return { email, userId: user!.id };
}

/** A stranger's wrong password from an address of its own. */
const guess = (email: string) =>
  m.auth.signIn({ fullName: undefined, email, password: `guess-${randomBytes(3).toString('hex')}` }, address());

/** Time passes for the account's run: its last attempt moves `seconds` into the past. */
const later = async (email: string, seconds: number) =>
  (await m.db.db()).query(
    'UPDATE rate_limits SET window_start = window_start - make_interval(secs => $2) WHERE key = $1',
    [m.throttle.accountThrottleKey(email), seconds],
  );

describe('sign-in throttling per account', () => {
  it("lets strangers' first five wrong passwords through, then makes each wait twice as long, up to two minutes", async () => {
    const { email } = await account();
    for (let i = 0; i < 5; i++) expect(await guess(email)).toMatchObject({ error: 'auth.error.invalid' });
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const refused = await guess(email);
      expect(refused).toMatchObject({ ok: false, error: 'auth.error.rate_limited' });
      const wait = (refused as { retryAfterSeconds: number }).retryAfterSeconds;
      waits.push(wait);
      await later(email, wait);
      expect(await guess(email)).toMatchObject({ error: 'auth.error.invalid' });
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 120, 120, 120]);
  });

  it('lets a new browser with the right password in within two minutes, however many addresses keep guessing', async () => {
    const { email, userId } = await account();
    // Twelve guesses let through, each as soon as its wait is over: the run is at its longest…
    for (let i = 0; i < 12; i++) {
      const refused = await guess(email);
      if (!refused.ok && refused.error === 'auth.error.rate_limited') {
        await later(email, refused.retryAfterSeconds!);
        await guess(email);
      }
    }
    // …and a hundred more guesses from a hundred addresses, refused, do not push the wait on.
    for (let i = 0; i < 100; i++) await guess(email);
    const told = await m.auth.signIn({ fullName: undefined, email, password: 'secret1' }, address());
    expect(told).toMatchObject({ ok: false, error: 'auth.error.rate_limited' });
    const wait = (told as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeLessThanOrEqual(m.throttle.MAX_DELAY_SECONDS);
    await later(email, wait);
    expect(await m.auth.signIn({ fullName: undefined, email, password: 'secret1' }, address())).toMatchObject({
      ok: true,
      userId,
    });
    // The owner's success ends the run: the next stranger starts from the free attempts again.
    expect(await guess(email)).toMatchObject({ error: 'auth.error.invalid' });
  });

  it("never holds up the owner's own browser, whatever strangers do to the account", async () => {
    const { email, userId } = await account();
    const device: KnownDevice = { deviceId: randomBytes(16).toString('base64url'), userId };
    for (let i = 0; i < 40; i++) await guess(email);
    expect(await guess(email)).toMatchObject({ error: 'auth.error.rate_limited' });
    expect(await m.auth.signIn({ fullName: undefined, email, password: 'secret1' }, address(), device)).toMatchObject({
      ok: true,
    });
    // A cookie naming another account is a stranger's.
    const other = await account();
    const borrowed: KnownDevice = { deviceId: device.deviceId, userId: other.userId };
    expect(await m.auth.signIn({ fullName: undefined, email, password: 'secret1' }, address(), borrowed)).toMatchObject(
      {
        error: 'auth.error.rate_limited',
      },
    );
  });

  it('slows one address on its own: 30 attempts in 10 minutes across any accounts, then a wait', async () => {
    const ip = address();
    const outcomes: string[] = [];
    for (let i = 0; i < 31; i++) {
      const { email } = await account();
      const outcome = await m.auth.signIn({ fullName: undefined, email, password: 'wrong-one' }, ip);
      outcomes.push(outcome.ok ? 'ok' : outcome.error);
    }
    expect(outcomes.slice(0, 30).every((o) => o === 'auth.error.invalid')).toBe(true);
    expect(outcomes[30]).toBe('auth.error.rate_limited');
  });
});
