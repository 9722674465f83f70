/**
 * The nine career types' colours as classes (.type-colour-<n> sets --type-color), from the profiles editors keep
 * (src/content/career/profiles). A stylesheet, not style attributes: the pages' policy allows no inline style. Both
 * languages' profiles carry the same colour per type (a unit test holds them to it).
 */
import { TYPE_NUMBERS } from '../config/pages.ts';
import { profileOf } from '../domain/career/profiles.ts';

export function GET(): Response {
  const css = TYPE_NUMBERS.map((n) => `.type-colour-${n}{--type-color:${profileOf(n, 'uk').color}}`).join('\n');
  return new Response(`${css}\n`, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
