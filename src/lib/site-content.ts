/** The editable marketing and sample content of one language (src/content/site/{uk,en}.json). */
import uk from '../content/site/uk.json' with { type: 'json' };
import en from '../content/site/en.json' with { type: 'json' };
import type { Lang } from '../i18n/paths.ts';

export type SiteContent = typeof uk;
export const siteContent = (lang: Lang): SiteContent => (lang === 'uk' ? uk : en);
