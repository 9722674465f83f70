/**
 * The words matrix descriptions are made of, in Ukrainian and English: shapes, numbers, sizes, fills, directions,
 * places and line names, and the phrase for a panel's figures, whose Ukrainian words agree in gender and number.
 */
import { POSITIONS, SEGMENTS, SHAPES, type Panel } from './model.ts';
import type { Lang } from '../../i18n/paths.ts';

type Gender = 'm' | 'f' | 'n';

const UK_SHAPES: Record<(typeof SHAPES)[number], { one: string; many: string; gender: Gender }> = {
  circle: { one: 'коло', many: 'кола', gender: 'n' },
  square: { one: 'квадрат', many: 'квадрати', gender: 'm' },
  triangle: { one: 'трикутник', many: 'трикутники', gender: 'm' },
  diamond: { one: 'ромб', many: 'ромби', gender: 'm' },
  pentagon: { one: 'п’ятикутник', many: 'п’ятикутники', gender: 'm' },
  star: { one: 'зірка', many: 'зірки', gender: 'f' },
};
const UK_NUMBERS: Record<Gender, string[]> = {
  m: ['', 'один', 'два', 'три', 'чотири'],
  f: ['', 'одна', 'дві', 'три', 'чотири'],
  n: ['', 'одне', 'два', 'три', 'чотири'],
};
const UK_SIZE: Record<Gender | 'pl', string[]> = {
  m: ['маленький', 'середній', 'великий', 'величезний'],
  f: ['маленька', 'середня', 'велика', 'величезна'],
  n: ['маленьке', 'середнє', 'велике', 'величезне'],
  pl: ['маленькі', 'середні', 'великі', 'величезні'],
};
const UK_FILL: Record<Gender | 'pl', string[]> = {
  m: ['білий', 'заштрихований', 'чорний'],
  f: ['біла', 'заштрихована', 'чорна'],
  n: ['біле', 'заштриховане', 'чорне'],
  pl: ['білі', 'заштриховані', 'чорні'],
};
const EN_NUMBERS = ['', 'one', 'two', 'three', 'four'];
const EN_SIZE = ['small', 'medium', 'large', 'huge'];
const EN_FILL = ['white', 'hatched', 'black'];
const EN_SHAPES: Record<(typeof SHAPES)[number], [string, string]> = {
  circle: ['circle', 'circles'],
  square: ['square', 'squares'],
  triangle: ['triangle', 'triangles'],
  diamond: ['diamond', 'diamonds'],
  pentagon: ['pentagon', 'pentagons'],
  star: ['star', 'stars'],
};
export const DIRECTIONS: Record<Lang, string[]> = {
  en: ['pointing up', 'pointing right', 'pointing down', 'pointing left'],
  uk: ['вістрям угору', 'вістрям праворуч', 'вістрям униз', 'вістрям ліворуч'],
};
export const PLACES: Record<Lang, Record<(typeof POSITIONS)[number], string>> = {
  en: {
    'top-left': 'in the top-left corner',
    top: 'at the top, in the middle',
    'top-right': 'in the top-right corner',
    right: 'on the right, in the middle',
    'bottom-right': 'in the bottom-right corner',
    bottom: 'at the bottom, in the middle',
    'bottom-left': 'in the bottom-left corner',
    left: 'on the left, in the middle',
    centre: 'in the centre',
  },
  uk: {
    'top-left': 'у лівому верхньому куті',
    top: 'вгорі посередині',
    'top-right': 'у правому верхньому куті',
    right: 'праворуч посередині',
    'bottom-right': 'у правому нижньому куті',
    bottom: 'внизу посередині',
    'bottom-left': 'у лівому нижньому куті',
    left: 'ліворуч посередині',
    centre: 'у центрі',
  },
};
export const SEGMENT_NAMES: Record<Lang, Record<(typeof SEGMENTS)[number], string>> = {
  en: {
    top: 'top side',
    right: 'right side',
    bottom: 'bottom side',
    left: 'left side',
    'diagonal-down': 'diagonal from top left to bottom right',
    'diagonal-up': 'diagonal from bottom left to top right',
    vertical: 'vertical middle line',
    horizontal: 'horizontal middle line',
  },
  uk: {
    top: 'верхня сторона',
    right: 'права сторона',
    bottom: 'нижня сторона',
    left: 'ліва сторона',
    'diagonal-down': 'діагональ зліва згори вправо вниз',
    'diagonal-up': 'діагональ зліва знизу вправо вгору',
    vertical: 'вертикальна середня лінія',
    horizontal: 'горизонтальна середня лінія',
  },
};

/**
 * The words of an option's text alternative, attribute by attribute in a fixed order (describe.ts `panelAlt`):
 * every option of an item is described by the same labels, so a description's words and length say nothing about
 * whether it is the key. Values are nominative forms that agree with their label, not with a noun.
 */
export const LABELS: Record<
  Lang,
  Record<'count' | 'shape' | 'size' | 'fill' | 'direction' | 'place' | 'lines' | 'centre', string>
> = {
  uk: {
    count: 'кількість',
    shape: 'форма',
    size: 'розмір',
    fill: 'заливка',
    direction: 'вістря',
    place: 'місце',
    lines: 'лінії',
    centre: 'у центрі',
  },
  en: {
    count: 'count',
    shape: 'shape',
    size: 'size',
    fill: 'fill',
    direction: 'pointing',
    place: 'place',
    lines: 'lines',
    centre: 'centre',
  },
};
export const VALUES: Record<
  Lang,
  { shape: string[]; size: string[]; fill: string[]; direction: string[]; place: string[]; none: string }
> = {
  uk: {
    shape: SHAPES.map((s) => UK_SHAPES[s].one),
    // A size as its step on the scale (one word, not a count's digit): no size is told by a longer word.
    size: ['1-й із чотирьох', '2-й із чотирьох', '3-й із чотирьох', '4-й із чотирьох'],
    fill: UK_FILL.f,
    direction: ['угору', 'праворуч', 'униз', 'ліворуч'],
    place: [
      'лівий верхній кут',
      'верх посередині',
      'правий верхній кут',
      'правий край посередині',
      'правий нижній кут',
      'низ посередині',
      'лівий нижній кут',
      'лівий край посередині',
      'центр',
    ],
    none: 'немає',
  },
  en: {
    shape: SHAPES.map((s) => EN_SHAPES[s][0]),
    size: ['1st of four', '2nd of four', '3rd of four', '4th of four'],
    fill: EN_FILL,
    direction: ['up', 'right', 'down', 'left'],
    place: [
      'top-left corner',
      'top middle',
      'top-right corner',
      'right middle',
      'bottom-right corner',
      'bottom middle',
      'bottom-left corner',
      'left middle',
      'centre',
    ],
    none: 'none',
  },
};

/** "two large black stars" / "дві великі чорні зірки". */
export function objectsPhrase(lang: Lang, p: Panel, withSize = true): string {
  const shape = SHAPES[p.shape];
  if (lang === 'en') {
    const words = [
      EN_NUMBERS[p.count],
      withSize ? EN_SIZE[p.size] : '',
      EN_FILL[p.fill],
      EN_SHAPES[shape][p.count === 1 ? 0 : 1],
    ];
    return words.filter(Boolean).join(' ');
  }
  const noun = UK_SHAPES[shape];
  const form = p.count === 1 ? noun.gender : 'pl';
  const words = [
    UK_NUMBERS[noun.gender][p.count],
    withSize ? UK_SIZE[form][p.size] : '',
    UK_FILL[form][p.fill],
    p.count === 1 ? noun.one : noun.many,
  ];
  return words.filter(Boolean).join(' ');
}
