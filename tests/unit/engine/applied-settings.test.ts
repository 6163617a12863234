import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { effectiveAt, isApplied, settingsCatalogue, settingsNotApplied } from '../../../src/worker/config';
import { APPLIED_SETTINGS } from '../../../src/worker/engine/settings-from-config';

describe('settings the engine applies', () => {
  it('are real setting paths, and every one is read by the mapping', () => {
    const source = readFileSync('src/worker/engine/settings-from-config.ts', 'utf8');
    const body = source.slice(source.indexOf('export function settingsFromConfig'));
    // Structural settings of list items (heading styles, parts, paragraph styles) are read field
    // by field from the stored item in settings-structure.ts.
    const structure = readFileSync('src/worker/engine/settings-structure.ts', 'utf8');
    for (const path of APPLIED_SETTINGS) {
      // A list item selected by [id=note]: calloutStyles has it built in; headingStyles gets one.
      const concrete = path.replace('[level=*]', '[level=2]').replace('[id=*]', '[id=note]');
      const effective = effectiveAt({ headingStyles: [{ id: 'note', fontSize: { value: 12, unit: 'pt' }, color: '#000000' }] }, concrete);
      // A field without a default of its own (a heading style's span follows its level) is still a catalogued setting.
      const prefix = path.replace(/\.\*$/, '');
      const catalogued = settingsCatalogue().some((info) => info.path === prefix || info.path.startsWith(`${prefix}.`));
      expect(effective !== undefined || catalogued, path).toBe(true);
      const field = path.split('].')[1]?.replace(/\.\*$/, '');
      const read = path.includes('[level=*]') || path.includes('[id=*]') ? `\${p}.${path.split('].')[1]}` : path;
      const readStructurally = field !== undefined && (structure.includes(`item['${field}']`) || structure.includes(`'${field}'`));
      // A list read whole from the stored config (`colorPalette`: each entry's fields destructured).
      const listRead = path.includes('[') && structure.includes(`r.at('${path.split('[')[0]}')`);
      // A whole group (`parts.margins.*`): some field under it is read.
      const groupRead = path.endsWith('.*') && [body, structure].some((text) => text.includes(`'${prefix}.`) || text.includes(`\`${prefix}.`));
      expect(body.includes(`'${read}'`) || body.includes(`\`${read}\``) || structure.includes(`'${read}'`) || structure.includes(`\`${read}`) || readStructurally || groupRead || listRead || path.endsWith('breakBefore.enabled') || path.endsWith('breakBefore.parity'), path).toBe(true);
      expect(isApplied(concrete)).toBe(true);
    }
  });

  it('leaves others reported as not applied', () => {
    const report = settingsNotApplied({ comics: { runningHeads: true }, bodyText: { fontSize: { value: 9, unit: 'pt' } } });
    const paths = JSON.stringify(report);
    expect(paths).toContain('comics.runningHeads'); // cjk.kunten is applied now (settings-kunten.ts)
    expect(paths).not.toContain('bodyText.fontSize');
  });
});
