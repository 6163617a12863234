import { expect, test, type Page } from '@playwright/test';
import { mulberry32 as prng } from '../support/prose';

test.use({ viewport: { width: 1400, height: 900 }, deviceScaleFactor: 1 });
test.setTimeout(240_000);


const SYLLABLES = ['ka', 'lo', 'mi', 'sen', 'tar', 'vu', 'ne', 'dro', 'pa', 'li', 'qua', 'ber', 'sto', 'fi', 'gan', 'hor', 'jel', 'mun', 'ox', 'rei', 'sul', 'tem', 'wa', 'zen'];

/** Varied, non-repeating prose: words from random syllables, sentences and paragraphs of random length. */
function chapterText(random: () => number, title: string, paragraphs: number): string {
  const word = () => {
    let w = '';
    const n = 1 + Math.floor(random() * 3);
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    return w;
  };
  const out = [`# ${title}`, ''];
  for (let p = 0; p < paragraphs; p++) {
    const sentences: string[] = [];
    const count = 3 + Math.floor(random() * 5);
    for (let s = 0; s < count; s++) {
      const words = Array.from({ length: 6 + Math.floor(random() * 14) }, word);
      words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
      sentences.push(`${words.join(' ')}${random() < 0.15 ? '?' : '.'}`);
    }
    out.push(sentences.join(' '), '');
  }
  return out.join('\n');
}

/** Painted page canvases, and page slots intersecting the viewer. */
function census(page: Page): Promise<{ painted: number; visible: number; canvases: number }> {
  return page.evaluate(() => {
    const viewer = document.querySelector('[data-testid="viewer"]')!.getBoundingClientRect();
    const slots = [...document.querySelectorAll<HTMLElement>('.page-slot')];
    const visible = slots.filter((s) => {
      const r = s.getBoundingClientRect();
      return r.bottom > viewer.top && r.top < viewer.bottom;
    }).length;
    return {
      painted: document.querySelectorAll('.page-canvas[data-painted]').length,
      canvases: document.querySelectorAll('.page-canvas').length,
      visible,
    };
  });
}

test('a 500-page book: scrolling never has more than visible + 2 painted canvases', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('status')).not.toHaveAttribute('data-revision', '-1');
  await expect(page.getByTestId('status')).toHaveAttribute('data-busy', 'false', { timeout: 60_000 });
  const random = prng(20261202);
  const texts = Array.from({ length: 30 }, (_, i) => chapterText(random, `Generated chapter ${i + 1}`, 190));
  // Chapters are added by transactions, as an agent would.
  const revision = await page.evaluate(async (chapters) => {
    const client = window.postextApp!.client;
    let result;
    for (const [i, text] of chapters.entries()) {
      result = await client.apply({ origin: 'agent', baseRevision: client.revision, ops: [{ type: 'chapter.add', title: `Generated chapter ${i + 1}`, text }] });
      if (!result.ok) throw new Error(result.error);
    }
    return result!.ok ? result!.revision : -1;
  }, texts);
  const pages = await page.evaluate(async (r) => (await window.postextApp!.client.awaitConvergence(r)).pages, revision);
  expect(pages).toBeGreaterThanOrEqual(500);
  await expect(page.getByTestId('status')).toHaveAttribute('data-revision', String(revision), { timeout: 60_000 });

  const viewer = page.getByTestId('viewer');
  const height = await viewer.evaluate((el) => el.scrollHeight);
  let worst = 0;
  let samples = 0;
  // Scroll through the whole book in uneven steps, checking after every frame.
  for (let y = 0; y < height; y += 1700 + Math.floor(random() * 9000)) {
    await viewer.evaluate((el, top) => (el.scrollTop = top), y);
    for (let frame = 0; frame < 3; frame++) {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const c = await census(page);
      expect(c.painted).toBeLessThanOrEqual(c.visible + 2);
      expect(c.canvases).toBeLessThanOrEqual(c.visible + 2);
      worst = Math.max(worst, c.painted - c.visible);
      samples++;
    }
  }
  expect(samples).toBeGreaterThan(20);
  // Where the scrolling stopped, the visible pages do get painted.
  await viewer.evaluate((el) => (el.scrollTop = el.scrollHeight / 2));
  await expect.poll(async () => {
    const c = await census(page);
    return c.painted >= c.visible && c.visible > 0;
  }).toBe(true);
  // A zoomed-out view shows many pages at once; still visible + 2 at most.
  for (let i = 0; i < 6; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
  await page.waitForTimeout(500);
  const zoomed = await census(page);
  expect(zoomed.visible).toBeGreaterThan(2);
  expect(zoomed.painted).toBeLessThanOrEqual(zoomed.visible + 2);
  expect(worst).toBeLessThanOrEqual(2);
});
