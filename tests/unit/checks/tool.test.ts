/** sandbox_get_warnings over the real client and worker host (Node loopback port). */
import { afterEach, describe, expect, it } from 'vitest';
import { createToolRegistry, type UiBridge } from '../../../src/tools';
import { loopbackClient, nodeEnvironment, presetFiles } from '../../support/node-host';

let stop: (() => void) | undefined;
afterEach(() => stop?.());

async function setUp(onScreen: string | null = null) {
  const { client } = loopbackClient(nodeEnvironment(presetFiles(['# One\n\n### Skipped\n\nSee :ref{#nowhere}.\n', '# Two\n\nA snowman ☃ here.\n'])));
  await client.start();
  stop = () => client.stop();
  await client.openPreset('test-book');
  // A UI that shows `onScreen` and nothing else (no screen commands).
  const ui = { view: () => ({ viewer: 'canvas', panel: 'checks', scope: 'chapter', chapter: onScreen }), screen: () => null } as unknown as UiBridge;
  const tools = createToolRegistry(client, ui);
  return tools;
}

describe('sandbox_get_warnings', () => {
  // Chapter 2 opens on an odd page after a blank one: its second page, labelled 3.
  it('answers the chapter on screen by default, with the documented fields', async () => {
    const tools = await setUp('ch2');
    const answer = (await tools.execute('sandbox_get_warnings', {})) as Record<string, any>;
    expect(answer.ok).toBe(true);
    expect(answer.scope).toBe('chapter');
    expect(answer.chapter).toMatchObject({ chapter: 2, id: 'ch2' });
    expect(answer.total).toBe(answer.warnings.length);
    expect(answer.byCategory).toEqual({ fonts: 1 });
    expect(answer.warnings).toEqual([
      expect.objectContaining({ kind: 'missingGlyph', category: 'fonts', severity: 'warning', title: 'Missing glyph', chapter: 2, chapterId: 'ch2', line: 3, offset: 17, toOffset: 18, page: '3', position: 2 }),
    ]);
  });

  it('answers the whole book, narrowed by category, and names chapters by position or title', async () => {
    const tools = await setUp();
    const book = (await tools.execute('sandbox_get_warnings', { scope: 'book', category: 'resources' })) as Record<string, any>;
    expect(book).toMatchObject({ ok: true, scope: 'book', category: 'resources', total: 1, byCategory: { resources: 1 } });
    expect(book.warnings[0]).toMatchObject({ kind: 'unknownResourceId', chapter: 1, line: 5, resource: 'nowhere' });
    const byTitle = (await tools.execute('sandbox_get_warnings', { chapter: 'One', category: 'design' })) as Record<string, any>;
    expect(byTitle.warnings.map((w: { kind: string }) => w.kind).filter((k: string) => k !== 'settingNotApplied')).toEqual(['headingHierarchy']);
  });

  it('refuses unknown categories and chapters with what to send instead', async () => {
    const tools = await setUp();
    const badCategory = (await tools.execute('sandbox_get_warnings', { category: 'spelling' })) as Record<string, any>;
    expect(badCategory.ok).toBe(false);
    expect(String(badCategory.error)).toMatch(/category/);
    const badChapter = (await tools.execute('sandbox_get_warnings', { chapter: 9 })) as Record<string, any>;
    expect(badChapter.ok).toBe(false);
    expect(badChapter.chapters).toHaveLength(2);
  });

  it('sandbox_get_state counts the warnings of the whole book', async () => {
    const tools = await setUp();
    const book = (await tools.execute('sandbox_get_warnings', { scope: 'book' })) as Record<string, any>; // waits for layout
    const state = (await tools.execute('sandbox_get_state', {})) as Record<string, any>;
    expect(state.ready).toBe(true);
    expect(book.total).toBeGreaterThanOrEqual(3);
    expect(state.warnings).toBe(book.total);
  });
});
