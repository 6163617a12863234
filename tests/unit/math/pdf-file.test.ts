import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { nodeEnvironment, presetFiles } from '../../support/node-host';
import { poppler, squash } from '../export/pdf/support';

const source = readFileSync('tests/fixtures/math/inline-display.md', 'utf8');

describe('formulas in the exported PDF file', () => {
  it('are vector paths, not images, and pdftotext extracts each as its TeX source', async () => {
    const host = new BookHost(nodeEnvironment(presetFiles([source])));
    await host.openPreset({ presetId: 'test-book' });
    await host.awaitConvergence(0);
    const pdf = await host.exportPdf({});
    const file = join(mkdtempSync(join(tmpdir(), 'postext-math-pdf-')), pdf.fileName);
    writeFileSync(file, pdf.bytes);
    const text = squash(poppler('pdftotext', [file, '-']));
    // Inline and display formulas read as their TeX, in place in the running text.
    expect(text).toContain('has the energy E=F and a fraction \\frac{a}{b} in running text');
    expect(text).toContain('e^{i\\pi} + 1 = 0 \\label{eq:euler}');
    expect(text).toContain('a^2 + b^2 = c^2');
    // No picture anywhere: pdfimages lists none (the outlines are path operators).
    const images = poppler('pdfimages' as 'pdfinfo', ['-list', file]).trim().split('\n');
    expect(images.length, images.join('\n')).toBe(2); // the two header lines, no image rows
    // The formulas drew ink: a page rendered at low resolution is not blank where E=F stands
    // (checked through pdftotext's bbox of the extracted TeX).
    const bbox = poppler('pdftotext', ['-bbox', file, '-']);
    expect(bbox).toMatch(/<word [^>]*>E=F<\/word>/);
  }, 120_000);
});
