/**
 * Legal texts carry tokens such as {{operatorName}}; the site config fills them, so operator details and the
 * contact address live in one place (src/config/site.ts). A detail not set — only ever on a local run, since a
 * production build refuses to start without them — reads as a placeholder in the page's own language.
 */
import { SITE } from '../config/site.ts';
import { t, type Lang } from '../i18n/index.ts';
import { escapeHtml } from './html.ts';

/** The contact address as a page shows it. */
export const contactEmailText = (lang: Lang): string => SITE.contactEmail ?? t(lang, 'local.contactEmail');

export function legalTokens(lang: Lang): Record<string, string> {
  return {
    operatorName: SITE.operator.name ?? t(lang, 'local.operator.name'),
    operatorAddress: SITE.operator.address ?? t(lang, 'local.operator.address'),
    operatorCode: SITE.operator.code ?? t(lang, 'local.operator.code'),
    contactEmail: contactEmailText(lang),
    siteUrl: SITE.siteUrl,
    price: SITE.premium.price,
    subscriptionDays: String(SITE.premium.days),
  };
}

/** Replaces every {{token}} in rendered HTML; an unknown token is left visible so an editor notices it. */
export function fillTokens(html: string, lang: Lang, tokens = legalTokens(lang)): string {
  return html.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in tokens ? escapeHtml(tokens[name]) : whole));
}

const textOf = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/**
 * Gives every body cell of each rendered table its column's heading as data-label, so on a phone
 * (src/styles/global/legal.css) a row stacks into a card, each cell under its heading, instead of a table wider
 * than the screen.
 */
export function labelTableCells(html: string): string {
  return html.replace(/<table\b[^>]*>[\s\S]*?<\/table>/g, (table) => {
    const heads = [...(table.match(/<thead\b[\s\S]*?<\/thead>/)?.[0] ?? '').matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)];
    const labels = heads.map((head) => textOf(head[1]).replace(/"/g, '&quot;'));
    return table.replace(/<tr\b[^>]*>[\s\S]*?<\/tr>/g, (row) => {
      let column = 0;
      return row.replace(/<td\b/g, () => `<td data-label="${labels[column++] ?? ''}"`);
    });
  });
}
