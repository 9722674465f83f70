/**
 * Our stand-in for a mail provider's SMTP server (issue 30): the `smtp-server` package on a loopback port,
 * authentication required, every message it accepts written as received to a folder (`<n>-<recipient>.eml`). The
 * server under test sends to it through SMTP_URL like to any provider; tests read what arrived with `mailTo`.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export const SINK_USER = 'rozum';
export const SINK_PASSWORD = 'sink-password';

export async function startMailSink(
  options: { port?: number; dir?: string } = {},
): Promise<{ smtpUrl: string; dir: string; close: () => Promise<void> }> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'rozum-inbox-'));
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASSWORD) return callback(null, { user: SINK_USER });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo)
          writeFileSync(join(dir, `${String(++n).padStart(5, '0')}-${rcpt.address}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://${SINK_USER}:${SINK_PASSWORD}@127.0.0.1:${port}`,
    dir,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Every mail that arrived for an address, oldest first. */
export async function mailsTo(dir: string, address: string): Promise<ParsedMail[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(`-${address.toLowerCase()}.eml`) || f.endsWith(`-${address}.eml`))
    .sort();
  return Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
}

/** Waits (up to `timeoutMs`) for the `count`-th mail to an address; the outbox sends after the response. */
export async function mailTo(dir: string, address: string, count = 1, timeoutMs = 15_000): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(dir, address);
    if (mails.length >= count) return mails[count - 1];
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The one link of a mail's text to `path` (e.g. /confirm-email), and its token. */
export function linkIn(mail: ParsedMail, path: string): { url: URL; token: string } {
  const found = (mail.text ?? '')
    .match(/https?:\/\/\S+/g)
    ?.map((l) => new URL(l))
    .find((u) => u.pathname.endsWith(path));
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  return { url: found, token: found.searchParams.get('token') ?? '' };
}

/**
 * Waits (up to `timeoutMs`) for a mail to an address whose subject is `subject`: mails queued by two requests in a
 * row may be delivered in either order (each request's delivery runs after its response), so a test that expects a
 * particular mail names it rather than counting.
 */
export async function mailWithSubject(
  dir: string,
  address: string,
  subject: string,
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsTo(dir, address)).find((mail) => mail.subject === subject);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
