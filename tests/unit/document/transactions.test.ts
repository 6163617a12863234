import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BookHost } from '../../../src/worker/host/book-host';
import { mapChange } from '../../../src/worker/document/mapping';
import type { TextOp } from '../../../src/worker/protocol/messages';
import { nodeEnvironment, presetFiles } from '../../support/node-host';

const base = 'The quick brown fox jumps over the lazy dog.\n\nA second paragraph.\n';

async function openHost(texts = [base, 'Chapter two.\n']) {
  const host = new BookHost(nodeEnvironment(presetFiles(texts)));
  await host.openPreset({ presetId: 'test-book' });
  return host;
}
const text = async (host: BookHost, i = 0) => (await host.getBook()).chapters[i]!.text;

describe('transactions', () => {
  it('maps concurrent text changes written against an old revision so both survive', async () => {
    const host = await openHost();
    // The user types "very " before "quick" (offset 4) at revision 0 …
    const user = await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 4, to: 4, insert: 'very ' }] });
    expect(user).toMatchObject({ ok: true, revision: 1 });
    // … while an agent, still on revision 0, replaces "lazy" (offsets 35–39) with "sleepy".
    const agent = await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 35, to: 39, insert: 'sleepy' }] });
    expect(agent).toMatchObject({ ok: true, revision: 2 });
    expect(await text(host)).toBe('The very quick brown fox jumps over the sleepy dog.\n\nA second paragraph.\n');
  });

  it('keeps both insertions made at the same point concurrently, the earlier first', async () => {
    const host = await openHost();
    await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'One. ' }] });
    await host.apply({ origin: 'agent', baseRevision: 0, ops: [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'Two. ' }] });
    expect((await text(host)).startsWith('One. Two. The quick')).toBe(true);
  });

  it('applies a transaction all or nothing: one invalid op leaves the book and revision unchanged', async () => {
    const host = await openHost();
    const before = await host.getBook();
    const cases = [
      [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'ok ' }, { type: 'text', chapterId: 'nope', from: 0, to: 0, insert: 'x' }],
      [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'ok ' }, { type: 'text', chapterId: 'ch2', from: 0, to: 999, insert: 'x' }],
      [{ type: 'text', chapterId: 'ch1', from: 2, to: 8, insert: 'a' }, { type: 'text', chapterId: 'ch1', from: 5, to: 9, insert: 'b' }],
      [{ type: 'chapter.rename', chapterId: 'ch1', title: 'New' }, { type: 'chapter.remove', chapterId: 'ghost' }],
      [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'ok ', extra: true }],
    ] as const;
    for (const ops of cases) {
      const result = await host.apply({ origin: 'agent', baseRevision: 0, ops: ops as never });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.length).toBeGreaterThan(20);
    }
    expect(await host.getBook()).toEqual(before);
  });

  it('refuses removing the last chapter and a base revision from the future', async () => {
    const host = await openHost([base]);
    expect((await host.apply({ origin: 'ui', baseRevision: 0, ops: [{ type: 'chapter.remove', chapterId: 'ch1' }] })).ok).toBe(false);
    expect((await host.apply({ origin: 'ui', baseRevision: 7, ops: [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'x' }] })).ok).toBe(false);
    expect((await host.getBook()).revision).toBe(0);
  });

  it('adds, moves, renames and removes chapters in one transaction', async () => {
    const host = await openHost();
    const result = await host.apply({
      origin: 'ui',
      baseRevision: 0,
      ops: [
        { type: 'chapter.add', id: 'intro', title: 'Introduction', text: '# Introduction\n\nHello.\n', index: 0 },
        { type: 'chapter.move', chapterId: 'ch2', index: 1 },
        { type: 'chapter.rename', chapterId: 'ch1', title: 'The fox' },
      ],
    });
    expect(result.ok).toBe(true);
    const book = await host.getBook();
    expect(book.chapters.map((c) => `${c.id}:${c.title}`)).toEqual(['intro:Introduction', 'ch2:Chapter 2', 'ch1:The fox']);
    const layout = await host.awaitConvergence(1);
    expect(layout.chapters.map((c) => c.id)).toEqual(['intro', 'ch2', 'ch1']);
  });

  it('adds, replaces and deletes resource records with their payload, all or nothing', async () => {
    const host = await openHost();
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    const added = await host.apply({
      origin: 'agent',
      baseRevision: 0,
      ops: [
        { type: 'resource.put', resource: { id: 'lantern', typeId: 'figure', kind: 'bitmap', caption: 'The lantern', width: 1200, resolution: 300 }, payload: png },
        { type: 'resource.put', resource: { id: 'tides', typeId: 'table', kind: 'table', table: { model: { rows: [[{ content: 'High', isHeader: true }]], headerRowCount: 1 } } } },
      ],
    });
    expect(added.ok).toBe(true);
    let book = await host.getBook();
    expect(book.resources.map((r) => r.id)).toEqual(['lantern', 'tides']);
    expect(book.resources[0]).toMatchObject({ caption: 'The lantern', payloadBytes: 8 });
    // A bitmap without bytes, a table without a model, an unknown id to delete: refused, nothing changes.
    for (const ops of [
      [{ type: 'resource.put', resource: { id: 'ghost', typeId: 'figure', kind: 'bitmap' } }],
      [{ type: 'resource.put', resource: { id: 'grid', typeId: 'table', kind: 'table' } }],
      [{ type: 'resource.delete', id: 'tides' }, { type: 'resource.delete', id: 'nothing' }],
      [{ type: 'resource.put', resource: { id: 'bad id!', typeId: 'figure', kind: 'svg' }, payload: png }],
    ]) {
      const refused = await host.apply({ origin: 'agent', baseRevision: 1, ops: ops as never });
      expect(refused.ok).toBe(false);
    }
    expect((await host.getBook()).resources).toEqual(book.resources);
    // Replacing a record keeps its bytes when none are sent; deleting removes it.
    await host.apply({ origin: 'ui', baseRevision: 1, ops: [{ type: 'resource.put', resource: { id: 'lantern', typeId: 'figure', kind: 'bitmap', caption: 'A new caption' } }] });
    book = await host.getBook();
    expect(book.resources[0]).toMatchObject({ caption: 'A new caption', payloadBytes: 8 });
    await host.apply({ origin: 'ui', baseRevision: 2, ops: [{ type: 'resource.delete', id: 'lantern' }] });
    expect((await host.getBook()).resources.map((r) => r.id)).toEqual(['tides']);
  });

  it('undoes and redoes agent text edits, keeping the user typing made since', async () => {
    const host = await openHost();
    const agent = await host.apply({ origin: 'agent', baseRevision: 0, undoable: { tool: 'sandbox_edit_text', summary: 'lazy → sleepy' }, ops: [{ type: 'text', chapterId: 'ch1', from: 35, to: 39, insert: 'sleepy' }] });
    expect(agent.ok).toBe(true);
    // The user types at the start meanwhile (not undoable by the agent's undo).
    await host.apply({ origin: 'ui', baseRevision: 1, ops: [{ type: 'text', chapterId: 'ch1', from: 0, to: 0, insert: 'Yes. ' }] });
    expect(await text(host)).toBe('Yes. The quick brown fox jumps over the sleepy dog.\n\nA second paragraph.\n');
    const undone = await host.undoText({});
    expect(undone).toMatchObject({ ok: true, remaining: 0, done: [{ tool: 'sandbox_edit_text', summary: 'lazy → sleepy', chapters: ['ch1'] }] });
    expect(await text(host)).toBe('Yes. The quick brown fox jumps over the lazy dog.\n\nA second paragraph.\n');
    expect((await host.undoText({})).ok).toBe(false);
    const redone = await host.undoText({ redo: true });
    expect(redone.ok).toBe(true);
    expect(await text(host)).toBe('Yes. The quick brown fox jumps over the sleepy dog.\n\nA second paragraph.\n');
  });

  it('reports the parser’s diagnostics with chapter, line and offsets', async () => {
    const host = await openHost(['# One\n\nFine text.\n\n:::frobnicate\n\nMore.\n', 'Two.\n']);
    const { diagnostics } = await host.getDiagnostics();
    const unknown = diagnostics.find((d) => d.kind === 'unknownDirective');
    expect(unknown).toMatchObject({ chapterId: 'ch1', line: 5 });
    expect(unknown!.from).toBe('# One\n\nFine text.\n\n'.length);
  });

  it('property: a change mapped through a concurrent one lands on the same words (seeded)', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.nat(),
        fc.string({ maxLength: 5 }),
        fc.nat(),
        fc.string({ maxLength: 5 }),
        (doc, a, b, insA, c, insB) => {
          // Change A was applied first; change B was written against the same text.
          const fromA = a % (doc.length + 1);
          const toA = fromA + (b % (doc.length - fromA + 1));
          const atB = c % (doc.length + 1);
          const first: TextOp = { type: 'text', chapterId: 'x', from: fromA, to: toA, insert: insA };
          const second: TextOp = { type: 'text', chapterId: 'x', from: atB, to: atB, insert: insB };
          const afterA = doc.slice(0, fromA) + insA + doc.slice(toA);
          const mapped = mapChange(second, [[first]]);
          const result = afterA.slice(0, mapped.from) + insB + afterA.slice(mapped.to);
          // B's insertion is kept whole, and A's inserted text is kept whole.
          expect(result.length).toBe(afterA.length + insB.length);
          expect(mapped.from).toBeGreaterThanOrEqual(0);
          expect(mapped.from).toBeLessThanOrEqual(afterA.length);
          // Text before B's point (outside A) is still before it.
          if (atB <= fromA) expect(result.slice(0, atB)).toBe(doc.slice(0, atB));
        },
      ),
      { seed: 20261202, numRuns: 300 },
    );
  });
});
