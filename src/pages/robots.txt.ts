import { SITE } from '../config/site.ts';

export function GET(): Response {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${SITE.siteUrl}/sitemap.xml\n`;
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
