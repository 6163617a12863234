import { describe, expect, it } from 'vitest';
import { createFetchReaders, loadPresetBook, readPresetIndex } from '../../../src/worker/bundle';
import { fsReaders } from './fsreader';

describe('createFetchReaders', () => {
  it('reads presets over HTTP: 404 → null, other errors throw, segments encoded', async () => {
    const fs = fsReaders();
    const urls: string[] = [];
    const fakeFetch = async (url: string): Promise<Response> => {
      urls.push(url);
      if (url.includes('broken')) return new Response('no', { status: 500, statusText: 'Server Error' });
      const bytes = await fs.readBytes(decodeURIComponent(url.replace(/^\/presets\//, '')));
      return bytes === null ? new Response('missing', { status: 404 }) : new Response(bytes.slice().buffer);
    };
    const readers = createFetchReaders('/presets/', fakeFetch);
    const index = await readPresetIndex(readers.readText);
    expect(index.presets.map((p) => p.id)).toEqual(['harbour', 'lantern-v1']);
    const { book } = await loadPresetBook({ dir: 'harbour', requestedLocale: 'zh-TW', ...readers });
    expect(book.chapters[0]!.title).toBe('黃昏');
    expect(urls).toContain('/presets/harbour/chapters/zh-Hant/01.md');
    expect(await readers.readBytes('nope.bin')).toBeNull();
    await expect(readers.readText('broken.json')).rejects.toThrow(/answered 500 Server Error/);
  });
});
