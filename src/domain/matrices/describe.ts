/**
 * Text alternatives and explanations for matrix items, in Ukrainian and English, generated from the same data as
 * the pictures so they can never disagree with them. Ukrainian phrases agree in gender and number.
 */
import { POSITIONS, SEGMENTS, SHAPES, type Matrix, type Panel } from './model.ts';
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
  m: ['маленький', 'середній', 'великий'],
  f: ['маленька', 'середня', 'велика'],
  n: ['маленьке', 'середнє', 'велике'],
  pl: ['маленькі', 'середні', 'великі'],
};
const UK_FILL: Record<Gender | 'pl', string[]> = {
  m: ['білий', 'заштрихований', 'чорний'],
  f: ['біла', 'заштрихована', 'чорна'],
  n: ['біле', 'заштриховане', 'чорне'],
  pl: ['білі', 'заштриховані', 'чорні'],
};
const EN_NUMBERS = ['', 'one', 'two', 'three', 'four'];
const EN_SIZE = ['small', 'medium', 'large'];
const EN_FILL = ['white', 'hatched', 'black'];
const EN_SHAPES: Record<(typeof SHAPES)[number], [string, string]> = {
  circle: ['circle', 'circles'],
  square: ['square', 'squares'],
  triangle: ['triangle', 'triangles'],
  diamond: ['diamond', 'diamonds'],
  pentagon: ['pentagon', 'pentagons'],
  star: ['star', 'stars'],
};
const DIRECTIONS: Record<Lang, string[]> = {
  en: ['pointing up', 'pointing right', 'pointing down', 'pointing left'],
  uk: ['вістрям угору', 'вістрям праворуч', 'вістрям униз', 'вістрям ліворуч'],
};
const PLACES: Record<Lang, Record<(typeof POSITIONS)[number], string>> = {
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
const SEGMENT_NAMES: Record<Lang, Record<(typeof SEGMENTS)[number], string>> = {
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

function list(lang: Lang, items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'uk' ? 'і' : 'and'} ${items[items.length - 1]}`;
}

/** "two large black stars" / "дві великі чорні зірки". */
function objects(lang: Lang, p: Panel, withSize = true): string {
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

/** One panel in words. */
export function describePanel(lang: Lang, matrix: Pick<Matrix, 'family'>, p: Panel): string {
  if (matrix.family === 'objects') return objects(lang, p);
  if (matrix.family === 'position') {
    const direction = SHAPES[p.shape] === 'triangle' ? ` ${DIRECTIONS[lang][p.rotation]}` : '';
    const figure = objects(lang, p, false).replace(/^(one|один|одна|одне) /, lang === 'en' ? 'a ' : '');
    return `${figure}${direction} ${PLACES[lang][POSITIONS[p.position]]}`;
  }
  const segments = SEGMENTS.filter((_, bit) => p.lines & (1 << bit)).map((s) => SEGMENT_NAMES[lang][s]);
  const lines = segments.length
    ? `${lang === 'uk' ? 'лінії' : 'lines'}: ${list(lang, segments)}`
    : lang === 'uk'
      ? 'ліній немає'
      : 'no lines';
  if (p.count === 0) return lines;
  const centre = objects(lang, p).replace(/^(one|один|одна|одне) /, lang === 'en' ? 'a ' : '');
  return lang === 'uk' ? `${lines}, а в центрі ${centre}` : `${lines}, with ${centre} in the centre`;
}

/** The whole matrix, row by row, for the main image's text alternative. */
export function describeMatrix(lang: Lang, matrix: Matrix): string {
  const rows = matrix.panels.map((row, r) => {
    const cells = row.map((p, c) =>
      r === 2 && c === 2
        ? lang === 'uk'
          ? 'знак питання — фігура, якої бракує'
          : 'a question mark — the missing figure'
        : describePanel(lang, matrix, p),
    );
    return `${lang === 'uk' ? 'Рядок' : 'Row'} ${r + 1}: ${cells.map((cell, c) => `${c + 1}) ${cell}`).join('; ')}.`;
  });
  return `${lang === 'uk' ? 'Матриця 3 на 3.' : 'A 3 by 3 matrix.'} ${rows.join(' ')}`;
}

function step(matrix: Matrix, attr: 'count' | 'size' | 'rotation' | 'position'): number {
  const [a, b] = [matrix.panels[0][0][attr], matrix.panels[0][1][attr]];
  const cyclic = attr === 'rotation' ? 4 : attr === 'position' ? 8 : 0;
  const d = b - a;
  if (!cyclic) return d;
  const n = ((d % cyclic) + cyclic) % cyclic;
  return n > cyclic / 2 ? n - cyclic : n;
}

/** The rules that make the answer right, in words. */
export function explainMatrix(lang: Lang, matrix: Matrix, answer: Panel): string {
  const uk = lang === 'uk';
  const parts: string[] = [];
  const { rules } = matrix;
  if (rules.shape === 'row-constant')
    parts.push(uk ? 'у кожному рядку фігури однієї форми' : 'each row keeps its own shape');
  if (rules.shape === 'distribution')
    parts.push(
      uk ? 'у кожному рядку є три різні форми, кожна по одному разу' : 'each row contains each of three shapes once',
    );
  if (rules.fill === 'row-constant')
    parts.push(uk ? 'у кожному рядку фігури зафарбовані однаково' : 'each row keeps its own fill');
  if (rules.count === 'row-constant')
    parts.push(uk ? 'у кожному рядку однакова кількість фігур' : 'each row keeps its own number of figures');
  if (rules.count === 'progression') {
    const s = step(matrix, 'count');
    parts.push(
      uk
        ? `кількість фігур ${s > 0 ? 'зростає' : 'зменшується'} на ${Math.abs(s) === 1 ? 'одну' : Math.abs(s)} зліва направо`
        : `the number of figures ${s > 0 ? 'grows' : 'falls'} by ${Math.abs(s) === 1 ? 'one' : Math.abs(s)} from left to right`,
    );
  }
  if (rules.size === 'progression')
    parts.push(
      uk
        ? 'фігури збільшуються зліва направо: маленька, середня, велика'
        : 'the figures grow from left to right: small, medium, large',
    );
  if (rules.fill === 'distribution')
    parts.push(
      uk
        ? 'у кожному рядку одна біла, одна заштрихована й одна чорна фігура'
        : 'each row has one white, one hatched and one black figure',
    );
  if (rules.rotation === 'progression') {
    const s = step(matrix, 'rotation');
    parts.push(
      uk
        ? `трикутник щоразу повертається на чверть оберту ${s > 0 ? 'за годинниковою стрілкою' : 'проти годинникової стрілки'}`
        : `the triangle turns a quarter turn ${s > 0 ? 'clockwise' : 'anticlockwise'} at each step`,
    );
  }
  if (rules.position === 'progression') {
    const s = step(matrix, 'position');
    const n = Math.abs(s);
    parts.push(
      uk
        ? `фігура щоразу пересувається краєм на ${n === 1 ? 'одну позицію' : n === 2 ? 'дві позиції' : `${n} позиції`} ${s > 0 ? 'за годинниковою стрілкою' : 'проти годинникової стрілки'}`
        : `the figure moves ${n === 1 ? 'one place' : n === 2 ? 'two places' : `${n} places`} ${s > 0 ? 'clockwise' : 'anticlockwise'} around the edge at each step`,
    );
  }
  if (rules.lines === 'addition')
    parts.push(
      uk
        ? 'третя фігура в кожному рядку об’єднує всі лінії перших двох'
        : 'the third figure in each row combines all the lines of the first two',
    );
  if (rules.lines === 'xor')
    parts.push(
      uk
        ? 'третя фігура в рядку зберігає лише ті лінії, що є рівно в одній із перших двох'
        : 'the third figure in each row keeps only the lines found in exactly one of the first two',
    );
  if (rules.lines === 'subtraction')
    parts.push(
      uk
        ? 'третя фігура в рядку — це перша без ліній другої'
        : 'the third figure in each row is the first with the lines of the second removed',
    );
  const sentence = parts.join('; ');
  const capital = sentence.charAt(0).toUpperCase() + sentence.slice(1);
  return `${capital}. ${uk ? 'Отже, бракує такої фігури' : 'So the missing figure is'}: ${describePanel(lang, matrix, answer)}.`;
}
