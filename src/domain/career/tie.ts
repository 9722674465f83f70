/**
 * The career test's tie rule, shared by the test page (whether to ask tie-break statements) and the server (scoring):
 * Yes answers count per type, and the types sharing the top count tie when more than one does. It imports no
 * content, so the browser bundles a few lines of it.
 */

/** Yes answers per type; a type with none is absent. */
export function countYes<T extends number>(answers: Iterable<{ type: T; yes: boolean }>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const { type, yes } of answers) if (yes) counts.set(type, (counts.get(type) ?? 0) + 1);
  return counts;
}

/** The types (in ascending order) sharing the highest count, when more than one does; otherwise none. */
export function tiedForTop<T extends number>(types: readonly T[], count: (type: T) => number): T[] {
  const top = Math.max(0, ...types.map(count));
  const tied = types.filter((type) => count(type) === top).sort((a, b) => a - b);
  return tied.length > 1 ? tied : [];
}
