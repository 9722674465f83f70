/**
 * Balanced answer sets, after I-RAVEN's attribute bisection tree (Hu et al., AAAI 2021) cut to six options.
 *
 * Three binary dimensions — attributes that vary in the matrix, each with one alternative value (for line panels,
 * one of the answer's segments moved to a place it lacks) — span a 2×2×2 cube of candidates around the answer.
 * Dropping one antipodal pair that does not hold the answer leaves a hexagon in which every varied value appears in
 * exactly three of the six options, so no option is "the most typical". With only two varying attributes the set
 * is a 3×2 factorial instead. An alternative value has the same standing as the answer's own (both seen in the
 * eight visible panels, or both not), so ruling out unseen values tells nothing.
 *
 * Beyond frequencies (DESIGN.md §3.7), the set must not let the answer be told by order, markup or words: every
 * choice — which dimensions, which alternative, which hexagon — is drawn at random and never by looking at the
 * candidates, the answer's value of an ordered attribute is as likely to be the larger as the smaller of the pair,
 * and a matrix is refused whole when any corner of its cube is unusable (a copy of a visible panel, two equal
 * options), never by picking among the corners. Then, for every reader that looks only at the options, the answer
 * is equally likely to be any of the six; tests/unit/cues measures it on 10,000 items per template.
 */
import { ATTRIBUTES, DOMAIN, samePanel, type Attribute, type Panel } from './model.ts';
import { features, seenValues, shortcutsFor, SCALAR_FEATURES, STRATEGIES } from './shortcuts.ts';
import { shuffle, type Rng } from './rng.ts';

type Change = (p: Panel) => Panel;
interface Dimension {
  attr: Attribute;
  /** Ways to move the answer off its value along this dimension. */
  alternatives: Change[];
}

/**
 * Attributes a reader can order without the matrix (more figures, bigger figures). Each offers one alternative,
 * drawn uniformly from the values it may take — not the one that tells least — so that, as the generator draws the
 * answer's own value uniformly too, an answer and its alternative are an exchangeable pair: "the most", "the
 * fewest", "the largest" and "the middle one" each find the key at chance, and no value is never the key.
 */
const ORDERED: Attribute[] = ['count', 'size'];

const bitsOf = (mask: number) => Array.from({ length: 8 }, (_, bit) => bit).filter((bit) => mask & (1 << bit));

/**
 * The dimensions a matrix offers: every feature that varies among the visible panels. A line segment is not
 * switched on or off alone (that would make the key the option with the most or the fewest lines) but moved: one
 * of the answer's segments is swapped for one it lacks, so every option has as many segments as the answer.
 * Returns null when an attribute in `required` cannot be varied.
 */
function dimensions(rng: Rng, visible: Panel[], answer: Panel, required: Attribute[]): Dimension[] | null {
  const seen = seenValues(visible);
  const answerFeatures = features(answer);
  const out: Dimension[] = [];
  const varying = (bit: number) => seen[SCALAR_FEATURES + bit].size > 1;
  const off = [0, 1, 2, 3, 4, 5, 6, 7].filter((bit) => varying(bit) && !(answer.lines & (1 << bit)));
  for (const on of bitsOf(answer.lines).filter(varying)) {
    if (off.length)
      out.push({
        attr: 'lines',
        alternatives: off.map((bit) => (p: Panel) => ({ ...p, lines: (p.lines & ~(1 << on)) | (1 << bit) })),
      });
  }
  for (let f = 0; f < SCALAR_FEATURES; f++) {
    if (seen[f].size < 2) continue;
    const attr = ATTRIBUTES[f] as Exclude<Attribute, 'lines'>;
    const { min, max } = DOMAIN[attr];
    const answerSeen = seen[f].has(answerFeatures[f]);
    let values: number[] = [];
    for (let v = min; v <= max; v++) if (v !== answer[attr] && seen[f].has(v) === answerSeen) values.push(v);
    if (ORDERED.includes(attr) && values.length) values = [values[Math.floor(rng() * values.length)]];
    if (values.length) out.push({ attr, alternatives: values.map((v) => (p: Panel) => ({ ...p, [attr]: v })) });
    else if (required.includes(attr)) return null;
  }
  return out;
}

const pickOne = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

/** The hexagons: the cube's corners (bit i = dimension i changed) minus one antipodal pair without the answer (0). */
const HEXAGONS = [0b001, 0b010, 0b100].map((drop) =>
  [0, 1, 2, 3, 4, 5, 6, 7].filter((v) => v !== drop && v !== (7 ^ drop)),
);

/**
 * The candidates around the answer, each choice made at random and never by looking at the candidates: three
 * dimensions (the required ones first), one alternative each, and a hexagon of the cube they span — or, with two
 * dimensions, a 3×2 factorial (two alternatives on one of them). Every corner the design could keep is returned
 * with the six kept, so the caller can refuse the whole matrix when any corner is unusable: a refusal that depended
 * on which corners were kept would tell which corner is the answer.
 */
function design(rng: Rng, answer: Panel, dims: Dimension[], required: Attribute[]) {
  if (dims.length >= 3) {
    const must = dims.filter((d) => required.includes(d.attr));
    const triple = [
      ...must,
      ...shuffle(
        rng,
        dims.filter((d) => !must.includes(d)),
      ),
    ].slice(0, 3);
    const changes = triple.map((d) => pickOne(rng, d.alternatives));
    const corners = [0, 1, 2, 3, 4, 5, 6, 7].map((corner) =>
      changes.reduce((p, change, i) => (corner & (1 << i) ? change(p) : p), answer),
    );
    return { corners, kept: pickOne(rng, HEXAGONS).map((c) => corners[c]) };
  }
  if (dims.length === 2) {
    const wide = dims.filter((d) => d.alternatives.length >= 2);
    if (!wide.length) return null;
    const three = pickOne(rng, wide);
    const two = dims.find((d) => d !== three)!;
    const [a, b] = shuffle(rng, three.alternatives);
    const c = pickOne(rng, two.alternatives);
    const corners = [(p: Panel) => p, a, b].flatMap((x) => [(p: Panel) => p, c].map((y) => y(x(answer))));
    return { corners, kept: corners };
  }
  return null;
}

export interface AnswerSet {
  options: Panel[];
  correctAnswer: number;
}

/**
 * Six options around the answer, or null when this matrix cannot have a set that gives nothing away (the
 * generator then draws another matrix). `valid` says which panels the family can draw; `required` the attributes
 * the options must vary for the item to test its rule.
 */
export function balancedAnswerSet(
  rng: Rng,
  panels: Panel[][],
  valid: (p: Panel) => boolean,
  required: Attribute[] = [],
): AnswerSet | null {
  const visible = panels.flat().slice(0, 8);
  const answer = panels[2][2];
  // No option repeats a visible panel, the answer included: "rule out the copies" then rules out nothing.
  const copies = new Set(visible.map((p) => features(p).join()));
  const isCopy = (p: Panel) => copies.has(features(p).join());
  if (isCopy(answer)) return null;
  const dims = dimensions(rng, visible, answer, required);
  if (!dims || dims.length < 2) return null;
  const made = design(rng, answer, dims, required);
  if (!made) return null;
  const { corners, kept } = made;
  const segments = bitsOf(answer.lines).length;
  if (
    !corners.every(valid) ||
    corners.slice(1).some(isCopy) ||
    corners.some((p, i) => corners.slice(i + 1).some((q) => samePanel(p, q))) ||
    // Two moves onto the same segment would leave an option a segment short.
    corners.some((p) => bitsOf(p.lines).length !== segments)
  )
    return null;
  // A safety net: by construction no shortcut strategy can keep the answer alone.
  const judged = shortcutsFor(visible)(kept);
  if (STRATEGIES.some((s) => judged[s].length === 1 && judged[s][0] === 0)) return null;
  const options = shuffle(rng, kept);
  return { options, correctAnswer: options.findIndex((p) => samePanel(p, answer)) };
}
