/**
 * One fixture per warning kind (tests/fixtures/checks/<kind>.json): each triggers its kind exactly
 * once, at the place it names. The set of kinds the checks can emit (WARNING_KINDS) must equal the
 * set of fixtures, so adding a kind without a fixture fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WARNING_KINDS } from '../../../src/worker/engine/checks';
import { runChecksWithMath, type CheckBook } from './run-checks';

const DIR = 'tests/fixtures/checks';

/** Kinds no input can trigger on purpose, with the reason. */
const UNFIXTURABLE: Record<string, string> = {
  parserError: 'raised only when the parser itself throws (a bug); the chapter is then kept as plain text',
};

interface Fixture extends CheckBook {
  about: string;
  chapters: { id: string; source: string | string[] }[] & CheckBook['chapters'];
  expect: { chapter?: number; line?: number; text?: string; page?: string; path?: string; resource?: string };
}

function load(kind: string): Fixture {
  const raw = JSON.parse(readFileSync(`${DIR}/${kind}.json`, 'utf8')) as Fixture;
  return { ...raw, chapters: raw.chapters.map((c) => ({ ...c, source: Array.isArray(c.source) ? c.source.join('\n') : c.source })) };
}

const fixtureKinds = readdirSync(DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5)).sort();

describe('warning fixtures', () => {
  it('exist for exactly the kinds the checks can emit', () => {
    const emittable = Object.keys(WARNING_KINDS).filter((k) => !(k in UNFIXTURABLE)).sort();
    expect(fixtureKinds).toEqual(emittable);
  });

  for (const kind of fixtureKinds) {
    it(`${kind}: triggered exactly once, where the fixture says`, async () => {
      const fixture = load(kind);
      const { warnings } = await runChecksWithMath(fixture);
      const mine = warnings.filter((w) => w.kind === kind);
      expect(mine, `${kind} warnings: ${JSON.stringify(warnings.map((w) => [w.kind, w.detail]))}`).toHaveLength(1);
      const w = mine[0]!;
      expect(w.category).toBe(WARNING_KINDS[kind as keyof typeof WARNING_KINDS].category);
      expect(w.title).toBe(WARNING_KINDS[kind as keyof typeof WARNING_KINDS].title);
      expect(w.detail.length).toBeGreaterThan(10);
      const e = fixture.expect;
      if (e.chapter !== undefined) {
        expect(w.chapter).toBe(e.chapter);
        expect(w.chapterId).toBe(fixture.chapters[e.chapter - 1]!.id);
      } else expect(w.chapter).toBeUndefined();
      if (e.line !== undefined) expect(w.line).toBe(e.line);
      if (e.text !== undefined) {
        const source = fixture.chapters[(e.chapter ?? 1) - 1]!.source as string;
        expect(w.offset).toBeGreaterThanOrEqual(0);
        expect(source.slice(w.offset, w.offset! + e.text.length)).toBe(e.text);
        expect(w.toOffset).toBeGreaterThan(w.offset!);
      }
      if (e.page !== undefined) expect(w.page).toBe(e.page);
      if (e.path !== undefined) expect(w.path).toBe(e.path);
      if (e.resource !== undefined) expect(w.resource).toBe(e.resource);
    });
  }
});
