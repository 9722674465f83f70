/**
 * The anchors that link the served forms, and what a form's worked answers give away (issue 29, point 4).
 *
 * An anchor is an item — one item version (item-version.ts), whatever its place — that two or more served forms
 * present. Calibrated together, the forms' items land on one scale through them (the common-item design of Kolen &
 * Brennan, Test Equating, Scaling, and Linking: the common items a mini-version of the test in content and
 * difficulty, in the same positions, by their rule of thumb at least a fifth of its length — here four of twenty,
 * one of each category, easy to hard, at positions 2, 8, 10 and 18 of every served form).
 *
 * The premium review shows a form's worked answers; an anchor's answer would then be out on every other form, so the
 * review withholds the anchors (views.ts), and a review counts as seen for every form sharing an item it shows
 * (`formsRevealedBy`: the record that steers the next form and cautions a sheet taken with the answers in mind).
 */
import { iqBank, IQ_FORM_IDS, SERVED_FORM_IDS } from './bank.ts';
import { itemVersion } from './item-version.ts';

let servedCount: Map<string, number> | null = null;
/** How many served forms present each item version. */
function servedCounts(): Map<string, number> {
  if (!servedCount) {
    servedCount = new Map();
    for (const form of SERVED_FORM_IDS)
      for (const item of iqBank(form)) {
        const version = itemVersion(item);
        servedCount.set(version, (servedCount.get(version) ?? 0) + 1);
      }
  }
  return servedCount;
}

/** The question ids of a form's anchors: its items that two or more served forms present. */
export function anchorIds(formId: number): Set<number> {
  const counts = servedCounts();
  return new Set(
    iqBank(formId)
      .filter((item) => (counts.get(itemVersion(item)) ?? 0) > 1)
      .map((item) => item.id),
  );
}

const revealed = new Map<number, number[]>();
/**
 * The forms whose answers a review of `formId` gives away, in part or whole: every form (served or retired) that
 * presents an item the review shows — all of the form's items but its anchors. Itself always among them.
 */
export function formsRevealedBy(formId: number): number[] {
  let forms = revealed.get(formId);
  if (!forms) {
    const anchors = anchorIds(formId);
    const shown = new Set(
      iqBank(formId)
        .filter((item) => !anchors.has(item.id))
        .map(itemVersion),
    );
    forms = IQ_FORM_IDS.filter(
      (other) => other === formId || iqBank(other).some((item) => shown.has(itemVersion(item))),
    );
    revealed.set(formId, forms);
  }
  return forms;
}
