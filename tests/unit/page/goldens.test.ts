/**
 * Golden page digests of the sample books (public/presets): one readable line per page — index,
 * label, role, how many glyph runs, rules, rects and paths it draws, the first words set on it —
 * and the SHA-256 of the page's serialised display list. Any change to what a page draws changes
 * its digest, so an unintended layout change fails here, page by page.
 *
 * After an intended change, regenerate and review the diff in the commit:
 *   POSTEXT_UPDATE_GOLDENS=1 npx vitest run tests/unit/page/goldens.test.ts
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BookHost } from '../../../src/worker/host/book-host';
import { Op, serializeDisplayList, type PageDisplayList } from '../../../src/worker/protocol/displaylist';
import { nodeEnvironment } from '../../support/node-host';

const UPDATE = process.env['POSTEXT_UPDATE_GOLDENS'] === '1';

const SAMPLES: [string, string | undefined][] = [
  ['postext-guide', 'en'],
  ['magazine-piece', undefined],
  ['arabic-book', undefined],
  ['chinese-book', undefined],
];

export function pageLine(page: PageDisplayList): string {
  const count = (op: number) => page.items.filter((i) => i.op === op).length;
  const words = page.items
    .flatMap((i) => (i.op === Op.GlyphRun && i.line && i.line.role !== 'header' && i.line.role !== 'footer' ? [i.text] : []))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 40);
  const digest = createHash('sha256').update(serializeDisplayList(page)).digest('hex').slice(0, 16);
  return `${page.index} [${page.label}] ${page.role} runs=${count(Op.GlyphRun)} rules=${count(Op.Rule)} rects=${count(Op.Rect)} paths=${count(Op.Path)} ${JSON.stringify(words)} ${digest}`;
}

describe('golden page digests of the sample books', () => {
  for (const [id, locale] of SAMPLES) {
    const name = `${id}${locale ? `.${locale}` : ''}`;
    it(`${name}: every page draws what the checked-in digest says`, async () => {
      const host = new BookHost(nodeEnvironment());
      const opened = await host.openPreset({ presetId: id, ...(locale ? { locale } : {}) });
      const converged = await host.awaitConvergence(opened.revision);
      const lines: string[] = [];
      for (let i = 0; i < converged.pages; i++) lines.push(pageLine((await host.getDisplayList(i))!));
      const actual = lines.join('\n') + '\n';
      const file = `tests/unit/page/goldens/${name}.txt`;
      if (UPDATE || !existsSync(file)) {
        writeFileSync(file, actual);
        if (!UPDATE) throw new Error(`${file} did not exist: written now; review it and commit it`);
        return;
      }
      expect(actual).toBe(readFileSync(file, 'utf8'));
    }, 180_000);
  }
});
