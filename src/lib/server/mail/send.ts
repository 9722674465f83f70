/**
 * Sending transactional mail over SMTP with nodemailer, configured by SMTP_URL (`smtp://user:pass@host:port`, or
 * `smtps://` for TLS from the start: nodemailer's connection URL, https://nodemailer.com/smtp/) and MAIL_FROM. Any
 * provider that offers SMTP works unchanged (README, "Mail"). Without SMTP_URL on a local run the message is written
 * as it would be sent — RFC 822, nodemailer's stream transport (https://nodemailer.com/transports/stream/) — to
 * DATA_DIR/mail/<time>-<to>.eml, and its links are printed; a production run does not start without SMTP_URL
 * (production.ts). Mail is sent from the outbox (outbox.ts: kind `mail`), with retries, never inside a request.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Delivery } from '../notify/mailchimp.ts';
import { dataDir, env, isHosted, siteUrl } from '../env.ts';
import { isProduction } from '../production.ts';
import { SITE } from '../../../config/site.ts';
import { isLang, type Lang } from '../../../i18n/index.ts';
import { MAIL_TEMPLATES, renderMail, type MailParams, type MailTemplate, type Sender } from './templates.ts';

/** What the outbox keeps for a mail: rendered when it is sent, in the language of the page that asked. */
export interface QueuedMail<T extends MailTemplate = MailTemplate> {
  template: T;
  lang: Lang;
  to: string;
  params: MailParams[T];
  /** Once sent, the row keeps neither the address nor the parameters (a deleted account's last mail). */
  forget?: true;
}

let smtp: { url: string; transport: Transporter } | null = null;
function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) {
    smtp?.transport.close();
    smtp = { url, transport: nodemailer.createTransport(url) };
  }
  return smtp.transport;
}

/** The sender named in every mail: the operator and contact the legal pages name (placeholders locally). */
function sender(): Sender {
  return {
    site: SITE.name,
    siteUrl: siteUrl(),
    operator: env().OPERATOR_NAME ?? 'Rozum (local)',
    contact: env().CONTACT_EMAIL ?? 'contact@localhost',
  };
}

const mailFrom = (): string => env().MAIL_FROM ?? `${SITE.name} <no-reply@localhost>`;

/** Links in a mail's text, for the local console. */
const linksIn = (text: string): string[] => (text.match(/https?:\/\/\S+/g) ?? []).filter((l) => l !== siteUrl());

export async function sendMail(queued: QueuedMail): Promise<Delivery> {
  if (!(MAIL_TEMPLATES as readonly string[]).includes(queued.template) || !isLang(queued.lang) || !queued.to)
    return { status: 'failed', error: `unreadable mail: ${JSON.stringify(queued).slice(0, 120)}` };
  const rendered = renderMail(queued.template, queued.lang, queued.params as never, sender());
  const message = { from: mailFrom(), to: queued.to, ...rendered };
  const url = env().SMTP_URL;
  if (url) {
    try {
      await smtpTransport(url).sendMail(message);
      return { status: 'delivered' };
    } catch (err) {
      return { status: 'failed', error: `smtp: ${(err as Error).message}`.slice(0, 300) };
    }
  }
  // The file and its printed links are for a developer's own run: never where real people's mail is (issue 44).
  if (isHosted() || isProduction()) return { status: 'failed', error: 'SMTP_URL is not set' };
  const { message: eml } = await nodemailer.createTransport({ streamTransport: true, buffer: true }).sendMail(message);
  const dir = join(dataDir(), 'mail');
  await mkdir(dir, { recursive: true });
  const file = join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${queued.to.replace(/[^\w.@-]/g, '_')}.eml`,
  );
  await writeFile(file, eml as Buffer);
  console.log(
    `[mail] to ${queued.to}: ${rendered.subject} → ${file}${linksIn(rendered.text)
      .map((l) => `\n  ${l}`)
      .join('')}`,
  );
  return { status: 'delivered' };
}
