/**
 * Hover styles are for mice: on a touch screen :hover sticks to whatever was tapped last. So every :hover rule sits
 * inside @media (hover: hover), as the project's stylesheets write them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const sheets = readdirSync('src/styles', { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.css'))
  .map((name) => join('src/styles', name));

/** The selectors with :hover that are not inside @media (hover: hover). */
function looseHovers(css: string): string[] {
  const loose: string[] = [];
  const open: boolean[] = []; // for each open block: is it a hover media block?
  let prelude = '';
  for (const char of css.replace(/\/\*[\s\S]*?\*\//g, '')) {
    if (char === '{') {
      const head = prelude.trim();
      if (head.includes(':hover') && !open.includes(true)) loose.push(head);
      open.push(/^@media\b.*\(\s*hover\s*:\s*hover\s*\)/.test(head));
      prelude = '';
    } else if (char === '}') {
      open.pop();
      prelude = '';
    } else if (char === ';') prelude = '';
    else prelude += char;
  }
  return loose;
}

it.each(sheets)('%s keeps every :hover inside @media (hover: hover)', (file) => {
  expect(looseHovers(readFileSync(file, 'utf8'))).toEqual([]);
});

it('the check finds a loose :hover and lets a guarded one pass', () => {
  expect(looseHovers('a:hover{color:red}@media (hover: hover){b:hover{color:red}}')).toEqual(['a:hover']);
});
