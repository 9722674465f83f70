/**
 * How many statements each type has (DESIGN.md §4): the same number for every type, so point counts compare and
 * random answering favours no type — 6 core statements plus 2 reverse-keyed ones, and 5 tie-break statements. Kept
 * apart from the content so the browser can import it; a unit test checks the statements files against it.
 */
export const CORE_PER_TYPE = 8;
/** Core statements per type in sheets begun before the reverse-keyed statements (they are scored out of 6). */
export const LEGACY_CORE_PER_TYPE = 6;
export const TIE_BREAK_PER_TYPE = 5;
