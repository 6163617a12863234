import { describe, it, expect } from 'vitest';
import { resolveConfig, setConfig, getConfig } from '../../../src/worker/config/model';
describe('smoke', () => {
  it('resolves', () => {
    const e = resolveConfig({});
    console.log(JSON.stringify(e).length, JSON.stringify((e as any).headings.levels[0]), JSON.stringify((e as any).header));
    const r = setConfig({}, { changes: [{ path: 'bodyText.fontSize', value: '10.5pt' }, { path: 'calloutStyles[id=warning].title', value: 'Warning' }] });
    console.log(JSON.stringify(r, null, 1).slice(0, 3000));
    console.log(JSON.stringify(getConfig({}, 'headings.levels[level=2]')).slice(0, 800));
    console.log(JSON.stringify(getConfig({}, 'bodyText.fontSise')));
  });
});
