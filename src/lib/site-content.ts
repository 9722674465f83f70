/**
 * The editable landing and sample content of one language (src/content/site/{uk,en}.json). A text names a figure as
 * {iqQuestions}; the figures are computed from code (site-figures.ts) and written in the page's number format.
 * Shares of people above an IQ are computed from the normal curve too: the content names only the IQ.
 */
import uk from '../content/site/uk.json' with { type: 'json' };
import en from '../content/site/en.json' with { type: 'json' };
import { formatNumber } from '../i18n/numbers.ts';
import type { Lang } from '../i18n/paths.ts';
import { shareAboveIq, SITE_FIGURES } from './site-figures.ts';

type Content = typeof uk;
const withShare = <T extends { above: number }>(item: T) => ({ ...item, percent: shareAboveIq(item.above) });

function computed(content: Content) {
  const { iqLanding } = content;
  return {
    ...content,
    shares: content.shares.map(withShare),
    iqLanding: {
      ...iqLanding,
      comparison: { ...iqLanding.comparison, items: iqLanding.comparison.items.map(withShare) },
    },
  };
}
type SiteContent = ReturnType<typeof computed>;

const content = { uk: computed(uk), en: computed(en) };

export const siteContent = (lang: Lang): SiteContent => content[lang];

/** A content text with each {figure} written out in lang; an unknown name stays visible, for an editor to notice. */
export const withFigures = (lang: Lang, text: string): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(SITE_FIGURES, name) ? formatNumber(lang, SITE_FIGURES[name as keyof typeof SITE_FIGURES]) : whole,
  );
