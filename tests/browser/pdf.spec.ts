/**
 * The PDF tab (tools.md §7.10) and the PDF's pixels: the tab writes the book's PDF in the worker
 * and shows it with Regenerate, Download and Print; a change to the book marks it stale until
 * it is regenerated. Page 1 rasterised by poppler's pdftoppm matches the worker's own raster
 * of page 1 (the canvas painter on an OffscreenCanvas) within a small pixel difference.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { gif } from '../support/gif';
import { addResourcesAndText } from '../support/raster';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
test.setTimeout(180_000);

async function waitForPages(page: Page): Promise<void> {
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1', { timeout: 60_000 });
}

/** The bytes behind the PDF tab's blob URL. */
async function shownPdf(page: Page): Promise<Buffer> {
  const base64 = await page.getByTestId('pdf-frame').evaluate(async (frame) => {
    const response = await fetch((frame as HTMLIFrameElement).src);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('the PDF tab writes the book, offers download and print, and marks itself stale after an edit', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  await page.getByRole('tab', { name: 'PDF' }).click();
  await expect(page.getByRole('tab', { name: 'PDF' })).toHaveAttribute('aria-selected', 'true');
  const status = page.getByTestId('pdf-status');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  // Every page of the layout the PDF was written from.
  const pages = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    await client.awaitConvergence(client.revision);
    return (await client.getPages()).pages.length;
  });
  await expect(status).toHaveAttribute('data-pages', String(pages));
  await expect(page.getByTestId('pdf-frame')).toHaveAttribute('src', /^blob:/);
  const bytes = await shownPdf(page);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const dir = mkdtempSync(join(tmpdir(), 'postext-pdf-tab-'));
  writeFileSync(join(dir, 'tab.pdf'), bytes);
  expect(execFileSync('pdfinfo', [join(dir, 'tab.pdf')], { encoding: 'utf8' })).toMatch(new RegExp(`Pages:\\s+${pages}\\b`));

  // Download hands over the same file under the first H1's name.
  const downloadPromise = page.waitForEvent('download');
  await page.getByTestId('pdf-download').click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(readFileSync((await download.path())!).equals(bytes)).toBe(true);
  await expect(page.getByTestId('pdf-print')).toBeEnabled();

  // An edit makes the shown PDF stale; Regenerate writes a new one for the new revision.
  await expect(page.getByTestId('pdf-stale')).toHaveCount(0);
  const revision = Number(await status.getAttribute('data-revision'));
  await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const book = await client.getBook();
    const result = await client.apply({ origin: 'ui', baseRevision: book.revision, ops: [{ type: 'text', chapterId: book.chapters[0]!.id, from: book.chapters[0]!.text.length, to: book.chapters[0]!.text.length, insert: '\n\nA sentence added for the PDF test.\n' }] });
    if (result.ok) await client.awaitConvergence(result.revision);
  });
  await expect(page.getByTestId('pdf-stale')).toBeVisible();
  await page.getByTestId('pdf-regenerate').click();
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  await expect.poll(async () => Number(await status.getAttribute('data-revision'))).toBeGreaterThan(revision);
  await expect(page.getByTestId('pdf-stale')).toHaveCount(0);
  const after = await shownPdf(page);
  writeFileSync(join(dir, 'after.pdf'), after);
  expect(execFileSync('pdftotext', [join(dir, 'after.pdf'), '-'], { encoding: 'utf8' })).toContain('A sentence added for the PDF test.');

  // The scope selector writes one chapter's pages.
  await page.getByTestId('pdf-scope').selectOption('chapter');
  await expect(status).toHaveAttribute('data-state', 'ready', { timeout: 120_000 });
  const chapterPages = await page.evaluate(async () => {
    const client = window.postextApp!.client;
    const { chapters } = await client.getPages();
    const id = window.postextApp!.ui!.view().chapterId;
    return chapters.find((c) => c.id === id)!.pages;
  });
  await expect(status).toHaveAttribute('data-pages', String(chapterPages));
});

/** Mean grey of each 4×4 block: sub-pixel offsets and anti-aliasing average out, content does not. */
function blocks(png: PNG, size = 4): number[] {
  const out: number[] = [];
  for (let y = 0; y + size <= png.height; y += size) {
    for (let x = 0; x + size <= png.width; x += size) {
      let sum = 0;
      for (let j = 0; j < size; j++) {
        for (let i = 0; i < size; i++) {
          const k = ((y + j) * png.width + x + i) * 4;
          sum += (png.data[k]! + png.data[k + 1]! + png.data[k + 2]!) / 3;
        }
      }
      out.push(sum / (size * size));
    }
  }
  return out;
}

/** Share of blocks whose mean grey differs by more than 32 levels (of 255). */
function differingShare(a: PNG, b: PNG): number {
  const x = blocks(a);
  const y = blocks(b);
  let differing = 0;
  for (let i = 0; i < x.length; i++) if (Math.abs(x[i]! - y[i]!) > 32) differing++;
  return differing / x.length;
}

test('page 1 rasterised by pdftoppm matches the worker raster of page 1', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  const width = 600; // px
  const { pdf, rasters } = await page.evaluate(async (w) => {
    const client = window.postextApp!.client;
    await client.awaitConvergence(client.revision);
    const toBase64 = (bytes: Uint8Array) => {
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    };
    const exported = await client.exportPdf({ scope: 'book' });
    const shots = await Promise.all([0, 1].map((index) => client.renderPage(index, { width: w, format: 'png' })));
    return { pdf: toBase64(exported.bytes), rasters: shots.map((shot) => toBase64(new Uint8Array(shot.bytes))) };
  }, width);
  const dir = mkdtempSync(join(tmpdir(), 'postext-pdf-raster-'));
  writeFileSync(join(dir, 'book.pdf'), Buffer.from(pdf, 'base64'));
  const ours = PNG.sync.read(Buffer.from(rasters[0]!, 'base64'));
  const otherPage = PNG.sync.read(Buffer.from(rasters[1]!, 'base64'));
  execFileSync('pdftoppm', ['-f', '1', '-l', '1', '-png', '-scale-to-x', String(ours.width), '-scale-to-y', String(ours.height), join(dir, 'book.pdf'), join(dir, 'page')]);
  const theirs = PNG.sync.read(readFileSync(join(dir, 'page-01.png')));
  expect([theirs.width, theirs.height]).toEqual([ours.width, ours.height]);
  let inked = 0;
  for (let i = 0; i < ours.data.length; i += 4) if ((ours.data[i]! + ours.data[i + 1]! + ours.data[i + 2]!) / 3 < 200) inked++;
  // The page has real content, the two rasters of page 1 agree on nearly all of it, and the
  // measure tells pages apart (page 2 against page 1 differs widely).
  expect(inked / (ours.width * ours.height)).toBeGreaterThan(0.01);
  expect(differingShare(ours, theirs)).toBeLessThan(0.01);
  expect(differingShare(otherPage, theirs)).toBeGreaterThan(0.05);
});

/** A GIF of 16 × 16 px in one colour (palette index 0), as plain numbers for page.evaluate. */
function flatGif(colour: [number, number, number]): number[] {
  return [...gif(16, 16, [colour, [255, 255, 255]], new Array<number>(256).fill(0))];
}

test('WebP and GIF pictures are drawn by the canvas raster and embedded in the PDF alike', async ({ page }) => {
  await page.goto('/');
  await waitForPages(page);
  const ORANGE: [number, number, number] = [240, 140, 20];
  const TEAL: [number, number, number] = [0, 128, 128];
  // A WebP made by the browser's own encoder: 16 × 16 px of teal.
  const webp = await page.evaluate(async (teal) => {
    const canvas = new OffscreenCanvas(16, 16);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = `rgb(${teal.join(',')})`;
    ctx.fillRect(0, 0, 16, 16);
    return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/webp', quality: 1 })).arrayBuffer())];
  }, TEAL);
  const bitmap = (id: string) => ({ id, typeId: 'figure', kind: 'bitmap', resolution: 16, placement: { position: 'here' } });
  await addResourcesAndText(page, [{ resource: bitmap('pdf-webp'), bytes: webp }, { resource: bitmap('pdf-gif'), bytes: flatGif(ORANGE) }], '\n\n::resource{id="pdf-webp"}\n\n::resource{id="pdf-gif"}\n');
  const result = await page.evaluate(
    async () => {
      const client = window.postextApp!.client;
      const converged = await client.awaitConvergence((await client.getBook()).revision);
      const boxes: { resource: string; page: number; x: number; y: number; w: number; h: number; width: number }[] = [];
      for (let i = 0; i < converged.pages; i++) {
        const list = (await client.getDisplayList(i))!;
        for (const item of list.items) if (item.op === 5 && item.resource.startsWith('pdf-')) boxes.push({ resource: item.resource, page: i, x: item.x, y: item.y, w: item.w, h: item.h, width: list.width });
      }
      const toBase64 = (bytes: Uint8Array) => {
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      };
      const exported = await client.exportPdf({ scope: 'book' });
      const rasters = await Promise.all(boxes.map(async (box) => toBase64(new Uint8Array((await client.renderPage(box.page, { width: Math.round(box.width), format: 'png' })).bytes))));
      return { boxes, rasters, pdf: toBase64(exported.bytes), warnings: exported.warnings };
    },
  );
  expect(result.boxes.map((b) => b.resource).sort()).toEqual(['pdf-gif', 'pdf-webp']);
  expect(result.warnings.filter((w) => /picture/.test(w))).toEqual([]);
  const dir = mkdtempSync(join(tmpdir(), 'postext-pdf-pictures-'));
  writeFileSync(join(dir, 'book.pdf'), Buffer.from(result.pdf, 'base64'));
  const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) <= 16);
  result.boxes.forEach((box, i) => {
    const expected = box.resource === 'pdf-webp' ? TEAL : ORANGE;
    // The worker's canvas raster at 1 px per pt.
    const ours = PNG.sync.read(Buffer.from(result.rasters[i]!, 'base64'));
    const at = (png: PNG, x: number, y: number) => {
      const k = (Math.round(y) * png.width + Math.round(x)) * 4;
      return [png.data[k]!, png.data[k + 1]!, png.data[k + 2]!];
    };
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    const canvasColour = at(ours, cx, cy);
    expect(near(canvasColour, expected), `${box.resource} on the canvas: ${canvasColour.join(',')}`).toBe(true);
    // The PDF's page through poppler at 72 dpi (1 px per pt).
    execFileSync('pdftoppm', ['-f', String(box.page + 1), '-l', String(box.page + 1), '-r', '72', '-png', '-singlefile', join(dir, 'book.pdf'), join(dir, `p${i}`)]);
    const theirs = PNG.sync.read(readFileSync(join(dir, `p${i}.png`)));
    const pdfColour = at(theirs, cx, cy);
    expect(near(pdfColour, expected), `${box.resource} in the PDF: ${pdfColour.join(',')}`).toBe(true);
  });
});
