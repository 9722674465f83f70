/** sitemap.xml: every indexable page in both languages, each with its alternates (hreflang). */
import { PAGES } from '../config/pages.ts';
import { SITE } from '../config/site.ts';
import { LANGS, localizedPath } from '../i18n/paths.ts';
import { absoluteUrl } from '../lib/seo.ts';

export function GET(): Response {
  const urls = PAGES.filter((page) => page.indexable).flatMap((page) =>
    LANGS.map((lang) => {
      const alternates = [...LANGS.map((alt) => [alt, alt] as const), ['x-default', 'uk'] as const]
        .map(
          ([hreflang, alt]) =>
            `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${absoluteUrl(SITE.siteUrl, localizedPath(alt, page.path))}"/>`,
        )
        .join('\n');
      return `  <url>\n    <loc>${absoluteUrl(SITE.siteUrl, localizedPath(lang, page.path))}</loc>\n    <lastmod>${SITE.lastUpdated}</lastmod>\n${alternates}\n  </url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
