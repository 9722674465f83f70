/** Every built page is valid HTML (html-validate, recommended rules) with its own title and description. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';

function pages(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? pages(full) : name.endsWith('.html') ? [full] : [];
  });
}

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    // Islands and progress bars set widths inline; the hero matrix is inline SVG from the generator.
    'no-inline-style': 'off',
    // Astro writes boolean attributes and void elements its own (valid) way.
    'void-style': 'off',
    'attribute-boolean-style': 'off',
    // React's server renderer writes hidden="" — valid HTML (the empty string is the hidden state), not "omitted".
    'attribute-empty-style': 'off',
    'no-trailing-whitespace': 'off',
    // Dictionary texts may contain typographic quotes and dashes that the rule mistakes for raw characters.
    'no-raw-characters': 'off',
    'long-title': 'off',
    // Attribute names are case-insensitive in HTML; React's server renderer writes a few in camelCase (noValidate).
    'attr-case': 'off',
    // HTML allows any id without spaces; headings of numbered legal sections get ids like "1-subject".
    'valid-id': ['error', { relaxed: true }],
  },
});

describe('built pages', () => {
  const files = pages('dist');

  it('are all valid HTML', async () => {
    const problems: string[] = [];
    for (const file of files) {
      const report = await validator.validateString(readFileSync(file, 'utf8'), file);
      for (const result of report.results) {
        for (const m of result.messages) {
          // Astro puts its one-line island rule (<style>astro-island{display:contents}) before the first island.
          if (m.ruleId === 'element-permitted-content' && m.message.startsWith('<style>')) continue;
          problems.push(`${file}:${m.line} ${m.ruleId} ${m.message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('each have their own title and description', () => {
    const titles = new Map<string, string>();
    for (const file of files.filter((f) => !f.endsWith('404.html'))) {
      const html = readFileSync(file, 'utf8');
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, file).toBeTruthy();
      expect(/<meta name="description" content="[^"]{40,}"/.test(html), file).toBe(true);
      expect(titles.get(title!), `${file} repeats the title of ${titles.get(title!)}`).toBeUndefined();
      titles.set(title!, file);
    }
  });

  it('show no content figure left unfilled ({careerStatements} and the like) in their visible text', () => {
    const left: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
        .replace(/<script[\s\S]*?<\/script>/g, '')
        .replace(/<style[\s\S]*?<\/style>/g, '')
        .replace(/<[^>]+>/g, ' ');
      for (const m of text.matchAll(/\{[a-zA-Z]\w*\}/g)) left.push(`${file}: ${m[0]}`);
    }
    expect(left).toEqual([]);
  });
});
