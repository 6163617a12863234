import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { effectiveAt, isApplied, settingsNotApplied } from '../../../src/worker/config';
import { APPLIED_SETTINGS } from '../../../src/worker/engine/settings-from-config';

describe('settings the engine applies', () => {
  it('are real setting paths, and every one is read by the mapping', () => {
    const source = readFileSync('src/worker/engine/settings-from-config.ts', 'utf8');
    const body = source.slice(source.indexOf('export function settingsFromConfig'));
    for (const path of APPLIED_SETTINGS) {
      // A list item selected by [id=note]: calloutStyles has it built in; headingStyles gets one.
      expect(effectiveAt({ headingStyles: [{ id: 'note', fontSize: { value: 12, unit: 'pt' }, color: '#000000' }] }, path.replace('[level=*]', '[level=2]').replace('[id=*]', '[id=note]')), path).not.toBeUndefined();
      const read = path.includes('[level=*]') || path.includes('[id=*]') ? `\${p}.${path.split('].')[1]}` : path;
      expect(body.includes(`'${read}'`) || body.includes(`\`${read}\``) || (path.endsWith('breakBefore.enabled') || path.endsWith('breakBefore.parity')), path).toBe(true);
      expect(isApplied(path.replace('[level=*]', '[level=1]').replace('[id=*]', '[id=note]'))).toBe(true);
    }
  });

  it('leaves others reported as not applied', () => {
    const report = settingsNotApplied({ footnotes: { chapterEndAlign: 'text' }, bodyText: { fontSize: { value: 9, unit: 'pt' } } });
    const paths = JSON.stringify(report);
    expect(paths).toContain('footnotes.chapterEndAlign'); // footnotes.numbering is applied now (page/note-numbering.ts)
    expect(paths).not.toContain('bodyText.fontSize');
  });
});
