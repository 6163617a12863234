/**
 * CJK marks in the reflowable EPUB (document-format §18.4; export/epub/cjk-marks.ts): `:dots` as
 * `<em class="dots">` with text-emphasis, `:name` underlined, `:book` as `<cite>` holding its
 * brackets by nesting depth (『』「」 in Japanese) or a wavy underline in Taiwan, `:sideline` with
 * its line style.
 */
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { writeEpub, type ExportBookInput } from '../../../../src/worker/export/epub';

const MODIFIED = new Date('2026-01-02T03:04:05Z');

async function chapterXhtml(locale: string, body: string): Promise<string> {
  const input: ExportBookInput = { id: 'marks', name: 'Marks', locale, chapters: [{ id: 'c1', title: '章', text: `# 章\n\n${body}\n` }], resources: [] };
  const zip = await JSZip.loadAsync((await writeEpub(input, { modified: MODIFIED })).bytes);
  const files = Object.keys(zip.files).filter((f) => f.endsWith('.xhtml') && f.includes('text/'));
  return (await Promise.all(files.map((f) => zip.file(f)!.async('string')))).join('\n');
}

describe('CJK marks in the EPUB', () => {
  it('Chinese: dots under, 《》 with 〈〉 nested as text, a proper-name underline, a double side line', async () => {
    const xhtml = await chapterXhtml('zh-CN', '读:dots[重要]的:book[论:book[红楼梦]]，:name[鲁迅]与:sideline[傍线]{style=double}。');
    expect(xhtml).toContain('<em class="dots" style="font-style: normal; -epub-text-emphasis-style: filled dot; text-emphasis-style: filled dot; -epub-text-emphasis-position: under right; text-emphasis-position: under right;">重要</em>');
    expect(xhtml).toContain('<cite class="book" style="font-style: normal;">《论<cite class="book" style="font-style: normal;">〈红楼梦〉</cite>》</cite>');
    expect(xhtml).toContain('<span class="proper-name" style="text-decoration: underline; text-underline-position: under left;">鲁迅</span>');
    expect(xhtml).toContain('text-decoration: underline double;');
  });
  it('Japanese: sesame over, 『』 with 「」 nested; Taiwan: a wavy line instead of brackets', async () => {
    const ja = await chapterXhtml('ja', ':dots[猫]{fill=open}と:book[評論:book[源氏物語]]');
    expect(ja).toContain('text-emphasis-style: open sesame; -epub-text-emphasis-position: over right;');
    expect(ja).toContain('『評論<cite class="book" style="font-style: normal;">「源氏物語」</cite>』');
    const tw = await chapterXhtml('zh-TW', '讀:book[紅樓夢]。');
    expect(tw).toContain('text-decoration: underline wavy;');
    expect(tw).not.toContain('《');
  });
});
