import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookFormulas, defaultSettings, type MathTypesetter } from '../../../src/worker/engine';
import { createMathTypesetter } from '../../../src/worker/engine/math/mathjax';
import { parseChapter } from '../../../src/worker/engine/parse';
import { pageContent } from '../../../src/worker/export/pdf/content';
import { Op, type PathItem } from '../../../src/worker/protocol/displaylist';
import { run } from '../page/helpers';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');
let math: MathTypesetter;

beforeAll(async () => {
  math = await createMathTypesetter();
  await math.prepare(bookFormulas([parseChapter(source, { chapterId: 'ch1', isFirstChapter: true })]));
});

const hex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('').toUpperCase();

describe('formulas in the PDF', () => {
  it('are vector paths (no images) that extract as their TeX source through ActualText', () => {
    const settings = defaultSettings();
    settings.columns = 1;
    const layout = run({ title: 'Maths', settings, chapters: [{ id: 'ch1', title: '', source }], math });
    const page = layout.pages.find((p) => p.items.some((i) => i.op === Op.Path && (i as PathItem).text === 'E=F'))!;
    const content = pageContent(page, { font: () => undefined, opacity: () => 'GS0', image: () => undefined });
    expect(content).toContain(`/Span <</ActualText <FEFF${hex('E=F')}>>> BDC`);
    // The formula's outlines are path operators (curves and fills), not image XObjects.
    const span = content.slice(content.indexOf(`<FEFF${hex('E=F')}>`));
    const body = span.slice(0, span.indexOf('EMC'));
    expect(body).toMatch(/ c\b|\bc\n| l\b/);
    expect(body).toMatch(/\bf\b/);
    expect(content).not.toContain(' Do');
  });
});
