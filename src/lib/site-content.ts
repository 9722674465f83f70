/**
 * The editable marketing and sample content of one language (src/content/site/{uk,en}.json), and the figures both
 * share (figures.json): a text names a figure as {users}, and the page writes it in its language's number format.
 */
import uk from '../content/site/uk.json' with { type: 'json' };
import en from '../content/site/en.json' with { type: 'json' };
import figuresFile from '../content/site/figures.json' with { type: 'json' };
import { FLAG_CODES, isFlagCode, type FlagCode } from '../components/Icon.tsx';
import { formatNumber, isNumberStyle, NUMBER_STYLES, type NumberStyle } from '../i18n/numbers.ts';
import type { Lang } from '../i18n/paths.ts';

type Content = typeof uk;
type Country = Content['countries'][number];
/** As the file is, except that a country names a flag we can draw (src/components/Icon.tsx), not any string. */
export type SiteContent = Omit<Content, 'countries'> & { countries: (Country & { code: FlagCode })[] };
export type FigureName = keyof typeof figuresFile;

/** The content, once its country codes are known flags: an unknown one stops the build, naming the file's fix. */
export function checkedContent(content: Content, lang: string): SiteContent {
  for (const { code } of content.countries)
    if (!isFlagCode(code))
      throw new Error(
        `src/content/site/${lang}.json: country "${code}" has no flag; use one of ${FLAG_CODES.join(', ')}`,
      );
  return content as SiteContent;
}

function checkedFigures(file: typeof figuresFile): Record<FigureName, { value: number; style: NumberStyle }> {
  for (const [name, { style }] of Object.entries(file))
    if (!isNumberStyle(style))
      throw new Error(
        `src/content/site/figures.json: ${name} has style "${style}"; use one of ${NUMBER_STYLES.join(', ')}`,
      );
  return file as Record<FigureName, { value: number; style: NumberStyle }>;
}

const content = { uk: checkedContent(uk, 'uk'), en: checkedContent(en, 'en') };
const figures = checkedFigures(figuresFile);

export const siteContent = (lang: Lang): SiteContent => content[lang];
export const figureValue = (name: FigureName): number => figures[name].value;

/** A content text with each {figure} written out in lang; an unknown name stays visible, for an editor to notice. */
export const withFigures = (lang: Lang, text: string): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(figures, name)
      ? formatNumber(lang, figures[name as FigureName].value, figures[name as FigureName].style)
      : whole,
  );
