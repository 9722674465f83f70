/**
 * The metadata of one page in one language: title, description, keywords, canonical and alternate links,
 * social preview and structured data (spec part 2 "Page metadata"). Pure, so it is unit-tested without a build.
 */
import { localizedPath, ogLocale, otherLang, t, type Lang } from '../i18n/index.ts';
import { typeOfCard, type OgCard, type PageDef } from '../config/pages.ts';
import { profileOf } from '../domain/career/profiles.ts';

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  /** Unset, like og.url, on a page without an address of its own (the not-found page). */
  canonical?: string;
  alternates: { hreflang: string; href: string }[];
  robots: string;
  og: {
    title: string;
    description: string;
    image: string;
    imageWidth: number;
    imageHeight: number;
    imageAlt: string;
    locale: string;
    localeAlternate: string;
    url?: string;
  };
  jsonLd: Record<string, unknown>[];
}

export interface MetaInput {
  lang: Lang;
  page: PageDef;
  siteUrl: string;
  /** Unset on a local run without CONTACT_EMAIL: the structured data then names no contact point. */
  contactEmail?: string;
  /** Legal pages and other content pages pass their own title/description. */
  title?: string;
  description?: string;
}

export const absoluteUrl = (siteUrl: string, path: string): string => siteUrl.replace(/\/+$/, '') + path;

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const ogImagePath = (lang: Lang, card: OgCard): string => `/og/${lang}/${card}.png`;

/** What a social card says, in its language; the image alt text repeats it word for word. */
export function ogCardTexts(lang: Lang, card: OgCard): { title: string; line: string } {
  const type = typeOfCard(card);
  if (type === null) return { title: t(lang, `meta.og.${card}.title`), line: t(lang, `meta.og.${card}.line`) };
  // A type's card names the type and says its tagline, from the profile editors keep (src/content/career/profiles).
  const profile = profileOf(type, lang);
  return { title: t(lang, 'types.card.title', { n: type, title: profile.title }), line: profile.tagline };
}

/** The number of the career type a page is about (/types/<n>), or null. */
const typeOfPage = (page: PageDef): number | null => (page.state === 'career-type' ? typeOfCard(page.og) : null);

export function buildMeta({ lang, page, siteUrl, contactEmail, title, description }: MetaInput): PageMeta {
  const key = `meta.${page.state}`;
  const type = typeOfPage(page);
  const profile = type === null ? null : profileOf(type, lang);
  const pageTitle = title
    ? t(lang, 'meta.title.pattern', { title })
    : profile
      ? t(lang, `${key}.title`, { n: type!, title: profile.title })
      : t(lang, `${key}.title`);
  const pageDescription = description ?? (profile ? profile.tagline : t(lang, `${key}.description`));
  const canonical = page.addressable ? absoluteUrl(siteUrl, localizedPath(lang, page.path)) : undefined;
  const alternates = page.addressable
    ? [
        { hreflang: 'uk', href: absoluteUrl(siteUrl, localizedPath('uk', page.path)) },
        { hreflang: 'en', href: absoluteUrl(siteUrl, localizedPath('en', page.path)) },
        { hreflang: 'x-default', href: absoluteUrl(siteUrl, localizedPath('uk', page.path)) },
      ]
    : [];
  return {
    title: pageTitle,
    description: pageDescription,
    keywords: profile ? t(lang, `${key}.keywords`, { title: profile.title }) : t(lang, `${key}.keywords`),
    canonical,
    alternates,
    robots: page.indexable ? 'index, follow' : 'noindex, follow',
    og: {
      title: pageTitle,
      description: pageDescription,
      image: absoluteUrl(siteUrl, ogImagePath(lang, page.og)),
      imageWidth: OG_WIDTH,
      imageHeight: OG_HEIGHT,
      imageAlt: t(lang, 'meta.og.image.alt', ogCardTexts(lang, page.og)),
      locale: ogLocale(lang),
      localeAlternate: ogLocale(otherLang(lang)),
      url: canonical,
    },
    jsonLd: structuredData({
      lang,
      page,
      siteUrl,
      contactEmail,
      canonical,
      title: pageTitle,
      description: pageDescription,
    }),
  };
}

interface LdInput extends MetaInput {
  canonical?: string;
  title: string;
  description: string;
}

function structuredData(input: LdInput): Record<string, unknown>[] {
  const { lang, siteUrl, contactEmail } = input;
  const home = absoluteUrl(siteUrl, localizedPath(lang, '/'));
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${siteUrl}/#organization`,
    name: t(lang, 'site.name'),
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/icon-512.png'),
    ...(contactEmail && {
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        email: contactEmail,
        availableLanguage: ['Ukrainian', 'English'],
      },
    }),
  };
  const website = {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${home}#website`,
    name: t(lang, 'site.name'),
    url: home,
    inLanguage: lang,
    publisher: { '@id': organization['@id'] },
    potentialAction: [
      {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${home}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
      { '@type': 'Action', name: t(lang, 'meta.action.iq'), target: absoluteUrl(siteUrl, localizedPath(lang, '/iq')) },
      {
        '@type': 'Action',
        name: t(lang, 'meta.action.professional'),
        target: absoluteUrl(siteUrl, localizedPath(lang, '/professional-test')),
      },
    ],
  };
  return [website, organization, ...pageSpecific(input)];
}

function pageSpecific({ lang, page, canonical, title, description }: LdInput): Record<string, unknown>[] {
  const base = { '@context': 'https://schema.org', url: canonical, inLanguage: lang, description };
  switch (page.structured) {
    case 'quiz-iq':
      return [
        {
          ...base,
          '@type': 'Quiz',
          name: t(lang, 'meta.quiz.iq.name'),
          about: t(lang, 'meta.quiz.iq.about'),
          timeRequired: 'PT20M',
          educationalUse: 'self-assessment',
          isAccessibleForFree: true,
        },
      ];
    case 'quiz-professional':
      return [
        {
          ...base,
          '@type': 'Quiz',
          name: t(lang, 'meta.quiz.professional.name'),
          about: t(lang, 'meta.quiz.professional.about'),
          timeRequired: 'PT14M',
          educationalUse: 'self-assessment',
          isAccessibleForFree: true,
        },
      ];
    case 'result':
      return [{ ...base, '@type': 'WebPage', name: title, about: t(lang, 'meta.result.about') }];
    case 'profile':
      return [{ ...base, '@type': 'ProfilePage', name: title }];
    case 'career-type': {
      const profile = profileOf(typeOfPage(page)!, lang);
      return [
        {
          ...base,
          '@type': 'WebPage',
          name: title,
          about: { '@type': 'Thing', name: profile.title, description: profile.tagline },
          isPartOf: { '@type': 'Quiz', name: t(lang, 'meta.quiz.professional.name') },
          isAccessibleForFree: true,
        },
      ];
    }
    default:
      return [];
  }
}
