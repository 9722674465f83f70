/**
 * The transactional mails (issue 30), in the language of the page that asked: plain, readable HTML and the same
 * words as text — a greeting, what happened, one link as a button and as a written-out address, how long it is good
 * for, what to do if it was not you, and the operator's name and contact. No images, no tracking pixels, no
 * rewritten links: nothing in a mail reports back that it was opened. The words are in src/i18n (both languages, the
 * same keys; tests/unit/i18n proves it).
 */
import { t, type Lang } from '../../../i18n/index.ts';
import { escapeHtml } from '../../html.ts';

/** The mails there are, each with the parameters it needs. */
export interface MailParams {
  'confirm-email': { link: string };
  'reset-password': { link: string };
  'change-email': { link: string };
  'email-change-notice': { newEmail: string };
  'account-deleted': Record<string, never>;
}
export type MailTemplate = keyof MailParams;
export const MAIL_TEMPLATES = [
  'confirm-email',
  'reset-password',
  'change-email',
  'email-change-notice',
  'account-deleted',
] as const satisfies readonly MailTemplate[];

/** Who sends: named in every mail's footer (legal pages name the same). */
export interface Sender {
  site: string;
  siteUrl: string;
  operator: string;
  contact: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Parts {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after: string[];
}

function parts<T extends MailTemplate>(template: T, lang: Lang, params: MailParams[T]): Parts {
  // A switch on the template does not narrow a generic's parameters: read them once, each template its own.
  const { link = '', newEmail = '' } = params as Partial<{ link: string; newEmail: string }>;
  switch (template) {
    case 'confirm-email':
      return {
        subject: t(lang, 'mail.confirm.subject'),
        paragraphs: [t(lang, 'mail.confirm.lead')],
        action: { label: t(lang, 'mail.confirm.action'), url: link },
        after: [t(lang, 'mail.confirm.expires'), t(lang, 'mail.confirm.notYou')],
      };
    case 'reset-password':
      return {
        subject: t(lang, 'mail.reset.subject'),
        paragraphs: [t(lang, 'mail.reset.lead')],
        action: { label: t(lang, 'mail.reset.action'), url: link },
        after: [t(lang, 'mail.reset.expires'), t(lang, 'mail.reset.notYou')],
      };
    case 'change-email':
      return {
        subject: t(lang, 'mail.change.subject'),
        paragraphs: [t(lang, 'mail.change.lead')],
        action: { label: t(lang, 'mail.change.action'), url: link },
        after: [t(lang, 'mail.confirm.expires'), t(lang, 'mail.change.notYou')],
      };
    case 'email-change-notice':
      return {
        subject: t(lang, 'mail.notice.subject'),
        paragraphs: [t(lang, 'mail.notice.lead', { email: newEmail })],
        after: [t(lang, 'mail.notice.notYou')],
      };
    case 'account-deleted':
      return {
        subject: t(lang, 'mail.deleted.subject'),
        paragraphs: [t(lang, 'mail.deleted.lead'), t(lang, 'mail.deleted.kept')],
        after: [t(lang, 'mail.deleted.notYou')],
      };
  }
  throw new Error(`no mail template ${template as string}`);
}

export function renderMail<T extends MailTemplate>(
  template: T,
  lang: Lang,
  params: MailParams[T],
  sender: Sender,
): RenderedMail {
  const { subject, paragraphs, action, after } = parts(template, lang, params);
  const footer = t(lang, 'mail.footer', { operator: sender.operator, contact: sender.contact, site: sender.site });
  const text = [
    t(lang, 'mail.greeting'),
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    ...after,
    '—',
    footer,
    sender.siteUrl,
  ].join('\n\n');
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#111827;font:16px/1.5 -apple-system,Segoe UI,Roboto,Arial,sans-serif">
<div style="max-width:560px;margin:0 auto">
${p(t(lang, 'mail.greeting'))}
${paragraphs.map(p).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#374151">${escapeHtml(t(lang, 'mail.linkFallback'))}<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
${after.map(p).join('\n')}
<hr style="border:0;border-top:1px solid #e5e7eb;margin:24px 0">
<p style="margin:0;font-size:13px;color:#4b5563">${escapeHtml(footer)}<br><a href="${escapeHtml(sender.siteUrl)}" style="color:#4b5563">${escapeHtml(sender.siteUrl)}</a></p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
