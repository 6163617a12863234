/**
 * The benchmark book: original prose drawn from a seeded PRNG (no paragraph repeats, so neither
 * engine's caches are flattered; words drawn from a lexicon as large as a real book's, bench/lexicon.ts), with a heading every few pages, footnotes, lists and one figure
 * per chapter. The same structure is written twice: as our enriched Markdown and as the HTML that
 * paged.js paginates, so both engines set the same words.
 */
import { mulberry32 } from '../tests/support/prose';
import { benchParagraph as paragraph, benchSentence as sentence } from './lexicon';

export type BenchBlock =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string; note?: { id: string; text: string } }
  | { kind: 'list'; items: string[] }
  | { kind: 'figure'; id: string; caption: string };

export interface BenchChapter {
  id: string;
  title: string;
  blocks: BenchBlock[];
}

export interface BenchBook {
  seed: number;
  chapters: BenchChapter[];
}

/** Blocks per chapter: chapters of roughly 20–25 pages, like a trade book. */
const PARAGRAPHS_PER_CHAPTER = 110;
/** A subheading every this many paragraphs (≈ every two or three pages). */
const PARAGRAPHS_PER_SECTION = 12;
/** One paragraph in this many carries a footnote. */
const FOOTNOTE_EVERY = 9;
/** One list in this many paragraphs. */
const LIST_EVERY = 25;

function headingText(random: () => number): string {
  return sentence(random).split(' ').slice(0, 3 + Math.floor(random() * 3)).join(' ').replace(/[.;]$/, '');
}

/**
 * A book of `paragraphs` body paragraphs in total (the caller calibrates the count to a page
 * target). Deterministic for a given seed and count.
 */
export function generateBook(seed: number, paragraphs: number): BenchBook {
  const random = mulberry32(seed);
  const chapters: BenchChapter[] = [];
  let left = paragraphs;
  let noteCount = 0;
  for (let c = 0; left > 0; c++) {
    const count = Math.min(left, PARAGRAPHS_PER_CHAPTER);
    left -= count;
    const title = headingText(random);
    const figureId = `figure-${c + 1}`;
    const blocks: BenchBlock[] = [{ kind: 'heading', level: 1, text: title }];
    for (let p = 0; p < count; p++) {
      if (p > 0 && p % PARAGRAPHS_PER_SECTION === 0) blocks.push({ kind: 'heading', level: 2, text: headingText(random) });
      const text = paragraph(random);
      if (p % FOOTNOTE_EVERY === FOOTNOTE_EVERY - 1) {
        noteCount++;
        blocks.push({ kind: 'paragraph', text, note: { id: `n${noteCount}`, text: sentence(random) } });
      } else {
        blocks.push({ kind: 'paragraph', text });
      }
      if (p % LIST_EVERY === LIST_EVERY - 1) blocks.push({ kind: 'list', items: [sentence(random), sentence(random), sentence(random)] });
      if (p === 3) blocks.push({ kind: 'figure', id: figureId, caption: sentence(random) });
    }
    chapters.push({ id: `ch${String(c + 1).padStart(3, '0')}`, title, blocks });
  }
  return { seed, chapters };
}

/** Our enriched Markdown for one chapter (document-format.md: `[^id]` notes, `:ref{id}` figures). */
export function chapterToMarkdown(chapter: BenchChapter): string {
  const out: string[] = [];
  const notes: string[] = [];
  for (const block of chapter.blocks) {
    switch (block.kind) {
      case 'heading':
        out.push(`${'#'.repeat(block.level)} ${block.text}`);
        break;
      case 'paragraph':
        if (block.note) {
          out.push(`${block.text}[^${block.note.id}]`);
          notes.push(`[^${block.note.id}]: ${block.note.text}`);
        } else out.push(block.text);
        break;
      case 'list':
        out.push(block.items.map((item) => `- ${item}`).join('\n'));
        break;
      case 'figure':
        out.push(`The drawing in :ref{id="${block.id}"} shows the arrangement.`);
        break;
    }
  }
  return [...out, ...notes].join('\n\n') + '\n';
}

/** A small SVG drawing for each chapter's figure (a frame and a diagonal), 4:3. */
export function figureSvg(index: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect x="10" y="10" width="380" height="280" fill="none" stroke="#333" stroke-width="4"/><line x1="10" y1="290" x2="390" y2="${10 + (index % 7) * 40}" stroke="#333" stroke-width="3"/></svg>`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The same book as HTML for paged.js: notes as `float: footnote` spans, figures as inline SVG. */
export function bookToHtml(book: BenchBook): string {
  const out: string[] = [];
  book.chapters.forEach((chapter, c) => {
    out.push('<section class="chapter">');
    for (const block of chapter.blocks) {
      switch (block.kind) {
        case 'heading':
          out.push(`<h${block.level}>${escapeHtml(block.text)}</h${block.level}>`);
          break;
        case 'paragraph':
          out.push(`<p>${escapeHtml(block.text)}${block.note ? `<span class="footnote">${escapeHtml(block.note.text)}</span>` : ''}</p>`);
          break;
        case 'list':
          out.push(`<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
          break;
        case 'figure':
          out.push(`<p>The drawing in figure ${c + 1}.1 shows the arrangement.</p>`);
          out.push(`<figure>${figureSvg(c)}<figcaption>Figure ${c + 1}.1</figcaption></figure>`);
          break;
      }
    }
    out.push('</section>');
  });
  return out.join('\n');
}
