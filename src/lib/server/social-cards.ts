/**
 * The social preview cards (spec part 2 "Page metadata": 1200×630, by screen group), one per group and language,
 * drawn by the certificates' renderer and font so a Ukrainian page's preview is Ukrainian. The build writes them to
 * /og/{lang}/{card}.png; nothing renders them at request time.
 */
import type { Lang } from '../../i18n/index.ts';
import { typeOfCard, type OgCard } from '../../config/pages.ts';
import { profileOf } from '../../domain/career/profiles.ts';
import { OG_HEIGHT, OG_WIDTH, ogCardTexts } from '../seo.ts';
import { el, logo, svgToPng, treeToSvg, type Node } from './png.ts';

const BLUE = '#1D4ED8';
const PALE = '#DBEAFE';
const PAD_X = 88;
const PAD_Y = 72;

/** Short words (і, у, на, a, of…) stay with the next one, as Ukrainian typesetting wants, rather than end a line. */
const keepShortWords = (text: string) => text.replace(/(?<=^|\s)(\p{L}{1,2}) /gu, '$1\u00a0');

const circle = (left: number, top: number, size: number): Node =>
  el('div', {
    position: 'absolute',
    left,
    top,
    width: size,
    height: size,
    borderRadius: size / 2,
    backgroundColor: 'rgba(255,255,255,0.08)',
  });

/** The logo (spec: the IQ, career, profile and login groups show it): the favicon's mark and the name. */
const brand = (): Node =>
  logo({ mark: 96, radius: 22, gap: 28, nameSize: 60, markColour: '#FFFFFF', letterColour: BLUE });

/** A screen group's card is the brand's blue; a career type's, the type's own colour (issue 32). */
function backgroundOf(lang: Lang, card: OgCard): { from: string; to: string } {
  const type = typeOfCard(card);
  return type === null ? { from: BLUE, to: '#3B82F6' } : { from: profileOf(type, lang).color, to: '#111827' };
}

/** What one card draws: its title and line, its background's two colours, and whether the brand's logo leads. */
export interface CardContent {
  title: string;
  line: string;
  from: string;
  to: string;
  withLogo: boolean;
}

function tree({ title, line, from, to, withLogo }: CardContent): Node {
  return el(
    'div',
    {
      width: OG_WIDTH,
      height: OG_HEIGHT,
      display: 'flex',
      backgroundImage: `linear-gradient(135deg, ${from}, ${to})`,
      color: '#FFFFFF',
      fontFamily: 'Golos',
    },
    circle(820, -100, 440),
    circle(960, 400, 320),
    // Sizes are explicit: satori's boxes grow by their padding.
    el(
      'div',
      {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        width: OG_WIDTH - 2 * PAD_X,
        height: OG_HEIGHT - 2 * PAD_Y,
        margin: `${PAD_Y}px ${PAD_X}px`,
      },
      withLogo ? brand() : el('div', { display: 'flex', fontSize: 120, fontWeight: 700, lineHeight: 1 }, 'Rozum'),
      el(
        'div',
        { display: 'flex', flexDirection: 'column' },
        el('div', { display: 'flex', fontSize: 68, fontWeight: 700, lineHeight: 1.15 }, keepShortWords(title)),
        el(
          'div',
          { display: 'flex', fontSize: 36, lineHeight: 1.3, color: PALE, marginTop: 24, maxWidth: 900 },
          keepShortWords(line),
        ),
      ),
    ),
  );
}

/** A page's card: its screen group's or its career type's (src/config/pages.ts). */
function pageCard(lang: Lang, card: OgCard): CardContent {
  return { ...ogCardTexts(lang, card), ...backgroundOf(lang, card), withLogo: card !== 'default' };
}

/** Any card drawn like the pages' (a shared result's, ./shares.ts), as a PNG. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  return svgToPng(await treeToSvg(tree(content), OG_WIDTH, OG_HEIGHT), content.from);
}

export const socialCardSvg = (lang: Lang, card: OgCard): Promise<string> =>
  treeToSvg(tree(pageCard(lang, card)), OG_WIDTH, OG_HEIGHT);

export const renderSocialCard = (lang: Lang, card: OgCard): Promise<Buffer> => renderCard(pageCard(lang, card));
