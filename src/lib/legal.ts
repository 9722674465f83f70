/**
 * Legal texts carry tokens such as {{operatorName}}; the site config fills them, so operator details and the
 * contact address live in one place (src/config/site.ts).
 */
import { SITE } from '../config/site.ts';

export function legalTokens(): Record<string, string> {
  return {
    operatorName: SITE.operator.name,
    operatorAddress: SITE.operator.address,
    operatorCode: SITE.operator.code,
    contactEmail: SITE.contactEmail,
    siteUrl: SITE.siteUrl,
    price: SITE.premium.price,
    subscriptionDays: String(SITE.premium.days),
  };
}

/** Replaces every {{token}}; an unknown token is left visible so an editor notices it. */
export function fillTokens(html: string, tokens = legalTokens()): string {
  return html.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => tokens[name] ?? whole);
}
