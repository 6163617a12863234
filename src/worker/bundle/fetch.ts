import type { ReadBytes, ReadText } from './preset';

/**
 * File readers over HTTP for the worker: `createFetchReaders('/presets')` reads
 * `/presets/<path>`. A 404 (or 410) is "no such file" (null); other failures throw, so that a
 * network error is not mistaken for a missing chapter. Path segments are URL-encoded (CJK names).
 */
export function createFetchReaders(
  baseUrl: string,
  fetchImpl: (url: string, init?: RequestInit) => Promise<Response> = (url, init) => fetch(url, init),
): { readText: ReadText; readBytes: ReadBytes } {
  const base = baseUrl.replace(/\/+$/, '');
  const get = async (path: string): Promise<Response | null> => {
    const url = `${base}/${path.split('/').map(encodeURIComponent).join('/')}`;
    // `no-cache`: live presets (§12) change under the same URL; revalidation keeps them fresh.
    const response = await fetchImpl(url, { cache: 'no-cache' });
    if (response.status === 404 || response.status === 410) return null;
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status} ${response.statusText}`);
    return response;
  };
  return {
    readText: async (path) => {
      const response = await get(path);
      return response === null ? null : response.text();
    },
    readBytes: async (path) => {
      const response = await get(path);
      return response === null ? null : new Uint8Array(await response.arrayBuffer());
    },
  };
}
