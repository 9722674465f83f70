/**
 * The editable landing content of one language (src/content/site/{uk,en}.json). A text names a figure as
 * {iqQuestions}; the figures are computed from code (site-figures.ts) and written in the page's number format.
 */
import uk from '../content/site/uk.json' with { type: 'json' };
import en from '../content/site/en.json' with { type: 'json' };
import { formatNumber } from '../i18n/numbers.ts';
import type { Lang } from '../i18n/paths.ts';
import { SITE_FIGURES } from './site-figures.ts';

type SiteContent = typeof uk;

const content: Record<Lang, SiteContent> = { uk, en };

export const siteContent = (lang: Lang): SiteContent => content[lang];

/** A content text with each {figure} written out in lang; an unknown name stays visible, for an editor to notice. */
export const withFigures = (lang: Lang, text: string): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(SITE_FIGURES, name) ? formatNumber(lang, SITE_FIGURES[name as keyof typeof SITE_FIGURES]) : whole,
  );
