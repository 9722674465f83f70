/**
 * Text alternatives and explanations for matrix items, in Ukrainian and English, generated from the same data as
 * the pictures so they can never disagree with them; the words and their agreement come from ./words.ts.
 */
import { POSITIONS, SEGMENTS, SHAPES, type Matrix, type Panel } from './model.ts';
import { DIRECTIONS, LABELS, objectsPhrase, PLACES, SEGMENT_NAMES, VALUES } from './words.ts';
import type { Lang } from '../../i18n/paths.ts';

function list(lang: Lang, items: string[]): string {
  if (items.length < 2) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${lang === 'uk' ? 'і' : 'and'} ${items[items.length - 1]}`;
}

/**
 * One panel as its text alternative: attribute by attribute, in a fixed order, with the same labels for every panel
 * of the family — so no option's description is longer, or shares more words with the matrix, for being the key.
 */
export function panelAlt(lang: Lang, matrix: Pick<Matrix, 'family'>, p: Panel): string {
  const L = LABELS[lang];
  const V = VALUES[lang];
  const pairs: [string, string][] = [];
  if (matrix.family === 'objects') {
    pairs.push(
      [L.count, String(p.count)],
      [L.shape, V.shape[p.shape]],
      [L.size, V.size[p.size]],
      [L.fill, V.fill[p.fill]],
    );
  } else if (matrix.family === 'position') {
    pairs.push([L.shape, V.shape[p.shape]], [L.fill, V.fill[p.fill]]);
    if (SHAPES[p.shape] === 'triangle') pairs.push([L.direction, V.direction[p.rotation]]);
    pairs.push([L.place, V.place[p.position]]);
  } else {
    const segments = SEGMENTS.filter((_, bit) => p.lines & (1 << bit)).map((s) => SEGMENT_NAMES[lang][s]);
    pairs.push([L.lines, segments.length ? list(lang, segments) : V.none]);
    if (p.count > 0) pairs.push([L.centre, V.shape[p.shape]], [L.fill, V.fill[p.fill]]);
  }
  const text = pairs.map(([label, value]) => `${label}: ${value}`).join('; ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** One panel in words, as a sentence (the explanation names the answer this way). */
export function describePanel(lang: Lang, matrix: Pick<Matrix, 'family'>, p: Panel): string {
  if (matrix.family === 'objects') return objectsPhrase(lang, p);
  if (matrix.family === 'position') {
    const direction = SHAPES[p.shape] === 'triangle' ? ` ${DIRECTIONS[lang][p.rotation]}` : '';
    const figure = objectsPhrase(lang, p, false).replace(/^(one|один|одна|одне) /, lang === 'en' ? 'a ' : '');
    return `${figure}${direction} ${PLACES[lang][POSITIONS[p.position]]}`;
  }
  const segments = SEGMENTS.filter((_, bit) => p.lines & (1 << bit)).map((s) => SEGMENT_NAMES[lang][s]);
  const lines = segments.length
    ? `${lang === 'uk' ? 'лінії' : 'lines'}: ${list(lang, segments)}`
    : lang === 'uk'
      ? 'ліній немає'
      : 'no lines';
  if (p.count === 0) return lines;
  const centre = objectsPhrase(lang, p).replace(/^(one|один|одна|одне) /, lang === 'en' ? 'a ' : '');
  return lang === 'uk' ? `${lines}, а в центрі ${centre}` : `${lines}, with ${centre} in the centre`;
}

/** The whole matrix, row by row, for the main image's text alternative. */
export function describeMatrix(lang: Lang, matrix: Matrix): string {
  const rows = matrix.panels.map((row, r) => {
    const cells = row.map((p, c) =>
      r === 2 && c === 2
        ? lang === 'uk'
          ? 'Знак питання — фігура, якої бракує.'
          : 'A question mark — the missing figure.'
        : panelAlt(lang, matrix, p),
    );
    return `${lang === 'uk' ? 'Рядок' : 'Row'} ${r + 1}. ${cells.map((cell, c) => `${c + 1}) ${cell}`).join(' ')}`;
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
  if (rules.size === 'progression') {
    const grows = step(matrix, 'size') > 0;
    parts.push(
      uk
        ? `фігури щоразу ${grows ? 'збільшуються' : 'зменшуються'} на один розмір зліва направо (розміри: маленька, середня, велика, величезна)`
        : `the figures ${grows ? 'grow' : 'shrink'} by one size at each step from left to right (sizes: small, medium, large, huge)`,
    );
  }
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
