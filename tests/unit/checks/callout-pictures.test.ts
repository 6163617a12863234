/**
 * Pictures a callout style draws as its icon or marker (configuration.md §13.4 kind `resource`):
 * an id the book has no resource for is reported as `unknownResourceId`, at the setting's path (the
 * boxes are set without it: tests/unit/page/callout-icon.test.ts); a resource drawn there is used —
 * not `unusedResource` — and one whose bytes are missing is `missingImage`.
 */
import { describe, expect, it } from 'vitest';
import { runChecks } from './run-checks';

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24" viewBox="0 0 40 24"><rect width="40" height="24" fill="#ff0000"/></svg>').toString('base64');
const SOURCE = ['# Title', '', ':::callout{type="tip"}', 'The quick brown fox jumps over the lazy dog.', ':::', '', 'After the box.'].join('\n');

const check = (icon: unknown, marker: unknown, resources: { id: string; kind: string }[], payloads: Record<string, string> = {}) =>
  runChecks({ chapters: [{ id: 'c1', source: SOURCE }], config: { calloutStyles: [{ id: 'tip', icon, marker }] } as never, resources, payloads }).warnings;

describe('callout styles drawing pictures', () => {
  it('an unknown resource id of an icon or marker is reported at its setting', () => {
    const warnings = check({ kind: 'resource', resourceId: 'logo' }, { kind: 'resource', resourceId: 'arrow' }, [{ id: 'other', kind: 'svg' }], { other: SVG }).filter((w) => w.kind === 'unknownResourceId');
    expect(warnings.map((w) => [w.path, w.resource])).toEqual([
      ['calloutStyles[id=tip].icon.resourceId', 'logo'],
      ['calloutStyles[id=tip].marker.resourceId', 'arrow'],
    ]);
    expect(warnings[0]!.detail).toContain('callout icon');
  });

  it('a resource drawn as an icon is used; with its bytes missing it is a missing picture', () => {
    const used = check({ kind: 'resource', resourceId: 'logo' }, undefined, [{ id: 'logo', kind: 'svg' }], { logo: SVG });
    expect(used.filter((w) => w.resource === 'logo').map((w) => w.kind)).toEqual([]);
    const glyph = check('!', undefined, [{ id: 'logo', kind: 'svg' }], { logo: SVG });
    expect(glyph.filter((w) => w.resource === 'logo').map((w) => w.kind)).toEqual(['unusedResource']);
    const missing = check(undefined, { kind: 'resource', resourceId: 'logo' }, [{ id: 'logo', kind: 'svg' }]);
    expect(missing.filter((w) => w.resource === 'logo').map((w) => w.kind)).toEqual(['missingImage']);
  });
});
