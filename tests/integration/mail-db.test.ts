/**
 * Transactional mail through real SMTP (issue 30, point 1): a mail queued in the outbox is sent by the outbox's
 * delivery to a local SMTP server of ours (the `smtp-server` package, authentication required), read back as it
 * arrived (`mailparser`): sender, recipient, subject and text in the page's language, HTML and text with the same
 * link, the operator's name and contact, nothing that reports an opening. A server that refuses leaves the mail
 * queued for a retry; without SMTP_URL a local run writes the message to DATA_DIR/mail and prints its link.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownDatabase } from '../support/own-database.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'rozum-mail-'));
ownDatabase({
  DATA_DIR: dataDir,
  MAIL_FROM: 'Rozum <hello@rozum.example>',
  OPERATOR_NAME: 'ФОП Коваль О. П.',
  CONTACT_EMAIL: 'help@rozum.example',
  SITE_URL: 'https://rozum.example',
});

let m: {
  db: typeof import('../../src/lib/server/db.ts');
  env: typeof import('../../src/lib/server/env.ts');
  outbox: typeof import('../../src/lib/server/outbox.ts');
};
const received: { mail: ParsedMail; from: string; to: string[]; user: string }[] = [];
let password = 'mail-password';
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    // Plain SMTP on a loopback port: no certificate to make; authentication still required.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'rozum' && auth.password === password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            mail,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: String(session.user),
          });
          callback();
        })
        .catch(callback);
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  m = {
    db: await import('../../src/lib/server/db.ts'),
    env: await import('../../src/lib/server/env.ts'),
    outbox: await import('../../src/lib/server/outbox.ts'),
  };
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  received.length = 0;
  password = 'mail-password';
  process.env.SMTP_URL = `smtp://rozum:mail-password@127.0.0.1:${port}`;
  m.env.resetEnvForTests();
});

const LINK = 'https://rozum.example/confirm-email?token=abc123DEF456';
async function queue(lang: 'uk' | 'en', to = `reader-${lang}@example.com`) {
  const database = await m.db.db();
  await m.outbox.enqueueMail(database, { template: 'confirm-email', lang, to, params: { link: LINK } });
  const [row] = await database.query<{ id: string }>('SELECT id FROM outbox ORDER BY created_at DESC LIMIT 1');
  return row.id;
}
const rowOf = async (id: string) =>
  (
    await (
      await m.db.db()
    ).query<{ status: string; attempts: number; last_error: string | null; payload: Record<string, unknown> }>(
      'SELECT status, attempts, last_error, payload FROM outbox WHERE id = $1',
      [id],
    )
  )[0];

describe('transactional mail over SMTP', () => {
  it.each(['uk', 'en'] as const)(
    'delivers a %s mail from the outbox to the SMTP server, as it should read',
    async (lang) => {
      const id = await queue(lang);
      expect(await m.outbox.deliverOutbox()).toMatchObject({ delivered: 1, failed: 0 });
      expect(received).toHaveLength(1);
      const [{ mail, from, to, user }] = received;
      expect(user).toBe('rozum');
      expect(from).toBe('hello@rozum.example');
      expect(to).toEqual([`reader-${lang}@example.com`]);
      expect(mail.from?.value).toEqual([{ name: 'Rozum', address: 'hello@rozum.example' }]);
      expect(mail.subject).toBe(lang === 'uk' ? 'Підтвердіть адресу електронної пошти' : 'Confirm your email address');
      // The same words as HTML and as text, the link in both, the operator and contact in the footer.
      for (const body of [mail.text!, mail.html as string]) {
        expect(body).toContain(LINK);
        expect(body).toContain('ФОП Коваль О. П.');
        expect(body).toContain('help@rozum.example');
      }
      expect(mail.text).toMatch(lang === 'uk' ? /24 години/ : /24 hours/);
      const html = mail.html as string;
      expect(html).toMatch(new RegExp(`<html lang="${lang}">`));
      // Nothing that reports an opening: no image, no pixel, no link but the action and the site.
      expect(html).not.toMatch(/<img|background-image|url\(/i);
      expect([...html.matchAll(/href="([^"]+)"/g)].map((h) => h[1])).toEqual([LINK, LINK, 'https://rozum.example']);
      expect(mail.attachments).toEqual([]);
      // Sent, and its one-time link no longer kept.
      const row = await rowOf(id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
      expect(row.payload).toEqual({ template: 'confirm-email', lang, to: `reader-${lang}@example.com` });
    },
  );

  it('leaves a mail the server refused queued, with the reason, for a retry', async () => {
    password = 'changed';
    const id = await queue('en');
    expect(await m.outbox.deliverOutbox()).toMatchObject({ delivered: 0, failed: 1 });
    expect(received).toHaveLength(0);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/^smtp: .*Invalid username or password/);
    expect(row.payload).toHaveProperty('params', { link: LINK });
    // The server takes it again: the retry (once due) delivers it.
    password = 'mail-password';
    await (await m.db.db()).query('UPDATE outbox SET next_attempt_at = now() WHERE id = $1', [id]);
    expect(await m.outbox.deliverOutbox()).toMatchObject({ delivered: 1 });
    expect(received).toHaveLength(1);
    expect((await rowOf(id)).status).toBe('delivered');
  });

  it('without SMTP_URL on a local run, writes the message to DATA_DIR/mail and prints its link', async () => {
    delete process.env.SMTP_URL;
    m.env.resetEnvForTests();
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await queue('uk', 'local@example.com');
      expect(await m.outbox.deliverOutbox()).toMatchObject({ delivered: 1 });
      expect(received).toHaveLength(0);
      const files = readdirSync(join(dataDir, 'mail')).filter((f) => f.endsWith('local@example.com.eml'));
      expect(files).toHaveLength(1);
      const mail = await simpleParser(readFileSync(join(dataDir, 'mail', files[0])));
      expect(mail.subject).toBe('Підтвердіть адресу електронної пошти');
      expect(mail.text).toContain(LINK);
      const line = printed.mock.calls.map((c) => c.join(' ')).find((l) => l.startsWith('[mail]'))!;
      expect(line).toContain('local@example.com');
      expect(line).toContain(`\n  ${LINK}`);
      expect(line).not.toContain('\n  https://rozum.example\n');
    } finally {
      printed.mockRestore();
    }
  });

  it('without SMTP_URL in production, sends nothing and prints no link (the local file is for a developer)', async () => {
    delete process.env.SMTP_URL;
    process.env.NODE_ENV = 'production';
    m.env.resetEnvForTests();
    const printed = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      await queue('en', 'production@example.com');
      await m.outbox.deliverOutbox();
      expect(printed.mock.calls.map((c) => c.join(' ')).filter((l) => l.includes(LINK))).toEqual([]);
      expect(readdirSync(join(dataDir, 'mail')).filter((f) => f.includes('production@example.com'))).toEqual([]);
    } finally {
      printed.mockRestore();
      delete process.env.NODE_ENV;
      m.env.resetEnvForTests();
    }
  });
});
