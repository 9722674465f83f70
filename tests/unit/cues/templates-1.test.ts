import { describe, it } from 'vitest';
import { expectNoCue, type Template } from './battery.ts';

// The nine templates are split over three files so that the battery's 90,000 items run on every core.
const TEMPLATES: Template[] = ['count-progression', 'size-progression', 'shape-count'];

describe('no reader that skips the rules finds a matrix key more or less often than chance', () => {
  it.each(TEMPLATES)('%s, over 10,000 generated items', (template) => expectNoCue(template), 180_000);
});
