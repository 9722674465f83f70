/**
 * How many statements each type has (DESIGN.md §4): the same number for every type, so yes-counts compare and
 * random answering favours no type. Kept apart from the content so the browser can import it; a unit test checks
 * the statements file against it.
 */
export const CORE_PER_TYPE = 6;
export const TIE_BREAK_PER_TYPE = 5;
