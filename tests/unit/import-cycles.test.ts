/**
 * No import cycles in src or netlify, type-only imports included: a cycle means two modules each own part of the
 * other's rule, and the layers (pages → islands → stores → API → lib/server → domain) stop being layers.
 */
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, ROOT } from '../support/import-graph.ts';

/** Tarjan's strongly connected components of more than one module (or a module importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('import graph', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
  });

  it('has no cycle in src or netlify (type-only imports included)', () => {
    const graph = importGraph(['src', 'netlify']);
    expect(graph.size).toBeGreaterThan(150);
    expect(cycles(graph).map((c) => c.map((f) => relative(ROOT, f)))).toEqual([]);
  });
});
