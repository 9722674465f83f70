import { SITE } from '../config/site.ts';

/**
 * Crawlers stay out of the API, except for the cards of shared results: a shared page's og:image lives under
 * /api/shares/, and X's and LinkedIn's crawlers, which obey robots.txt, show no picture for a blocked one. The longer
 * rule wins (RFC 9309 §2.2.2), so the Allow holds for that path whatever a crawler's order.
 */
export function GET(): Response {
  const body = `User-agent: *\nAllow: /\nAllow: /api/shares/\nDisallow: /api/\n\nSitemap: ${SITE.siteUrl}/sitemap.xml\n`;
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
