/** The editable marketing and sample content of one language (src/content/site/{uk,en}.json). */
import uk from '../content/site/uk.json' with { type: 'json' };
import en from '../content/site/en.json' with { type: 'json' };
import { FLAG_CODES, isFlagCode, type FlagCode } from '../components/Icon.tsx';
import type { Lang } from '../i18n/paths.ts';

type Content = typeof uk;
type Country = Content['countries'][number];
/** As the file is, except that a country names a flag we can draw (src/components/Icon.tsx), not any string. */
export type SiteContent = Omit<Content, 'countries'> & { countries: (Country & { code: FlagCode })[] };

/** The content, once its country codes are known flags: an unknown one stops the build, naming the file's fix. */
export function checkedContent(content: Content, lang: string): SiteContent {
  for (const { code } of content.countries)
    if (!isFlagCode(code))
      throw new Error(
        `src/content/site/${lang}.json: country "${code}" has no flag; use one of ${FLAG_CODES.join(', ')}`,
      );
  return content as SiteContent;
}

const content = { uk: checkedContent(uk, 'uk'), en: checkedContent(en, 'en') };
export const siteContent = (lang: Lang): SiteContent => content[lang];
