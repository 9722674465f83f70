/** Users and their profiles: creation (with its notifications, in one transaction), look-up, passwords. */
import { hash, verify } from '@node-rs/argon2';
import { db, type Queryable } from './db.ts';
import { enqueueNotification, mailingPayloads } from './outbox.ts';
import { cleanEmail, emailKey } from '../../domain/email.ts';

/** OWASP's argon2id baseline (m=19 MiB, t=2, p=1). */
const ARGON = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 };
export const MIN_PASSWORD = 6;
export { MAX_PASSWORD } from '../../api/auth.ts';

/** The key accounts are unique on (src/domain/email.ts): look-alike forms of one address are one account. */
export const normalizeEmail = emailKey;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON);
export const verifyPassword = (hashed: string, password: string): Promise<boolean> =>
  verify(hashed, password).catch(() => false);

// Verified against when the email is unknown, so a miss takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string) =>
  void (await verifyPassword(await (dummyHash ??= hashPassword('not-a-real-password')), password));

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: Date;
}

export async function findUserByEmail(email: string): Promise<UserRow | null> {
  const [row] = await (
    await db()
  ).query<UserRow>('SELECT id, email, password_hash, created_at FROM users WHERE email_normalized = $1', [
    normalizeEmail(email),
  ]);
  return row ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  fullName?: string;
  /** The address is known to be the holder's (Google said so): sets email_verified_at. */
  emailVerified?: boolean;
  via: 'email' | 'google';
  /** Ticked "send me news" at sign-up: only then does the mailing list hear of this user (double opt-in). */
  mailingConsent?: boolean;
}

/** Creates the user, the profile and the registration notifications together; null when the email is taken. */
export async function createUser(input: NewUser, tx?: Queryable): Promise<{ id: string; fullName: string } | null> {
  const run = async (q: Queryable) => {
    const [user] = await q.query<{ id: string }>(
      `INSERT INTO users (email, email_normalized, password_hash, email_verified_at)
       VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)
       ON CONFLICT (email_normalized) DO NOTHING RETURNING id`,
      [
        cleanEmail(input.email) ?? input.email.trim(),
        normalizeEmail(input.email),
        input.passwordHash,
        input.emailVerified === true,
      ],
    );
    if (!user) return null;
    // No name given stays no name: the certificate asks for one rather than printing the address (issue 31).
    const fullName = input.fullName?.trim() ?? '';
    await q.query(
      `INSERT INTO user_profiles (id, email, full_name, mailing_consent_at) VALUES ($1, $2, $3, CASE WHEN $4 THEN now() END)`,
      [user.id, input.email.trim(), fullName, input.mailingConsent === true],
    );
    await enqueueNotification(q, 'telegram', {
      type: 'registration',
      data: { userId: user.id, email: input.email.trim(), fullName, via: input.via },
    });
    if (input.mailingConsent === true)
      await enqueueNotification(q, 'mailchimp', mailingPayloads.registration(user.id, input.email.trim(), fullName));
    return { id: user.id, fullName };
  };
  return tx ? run(tx) : (await db()).transaction(run);
}

/** Changes the profile's full name; false when the profile is gone. */
export async function renameUser(userId: string, fullName: string): Promise<boolean> {
  const updated = await (
    await db()
  ).query('UPDATE user_profiles SET full_name = $1, updated_at = now() WHERE id = $2 RETURNING id', [fullName, userId]);
  return updated.length > 0;
}
