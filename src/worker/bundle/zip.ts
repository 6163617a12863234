import JSZip from 'jszip';
import { BundleError } from './errors';
import { normalizeBundlePath } from './paths';

/**
 * Safe reading of `.postext` archives. Sizes are checked from the central directory — which we parse
 * ourselves, before JSZip inflates anything — and again while inflating, so a lying header cannot
 * make us hold more than it declared.
 */

export interface ZipLimits {
  /** Most entries an archive may have. */
  maxEntries: number;
  /** Largest single file once inflated, in bytes. */
  maxEntryBytes: number;
  /** Largest sum of inflated sizes, in bytes. */
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 2 * 1024 * 1024 * 1024,
};

export interface ZipEntryInfo {
  /** The name as stored. */
  rawName: string;
  compressedSize: number;
  uncompressedSize: number;
  /** CRC-32 of the inflated bytes, as declared. */
  crc32: number;
  directory: boolean;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;

/** Parses the central directory. Throws `invalid-archive` for anything that is not a plain zip. */
export function scanZip(bytes: Uint8Array): ZipEntryInfo[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  // The end record is 22 bytes plus a comment of up to 65 535 bytes.
  for (let at = bytes.byteLength - 22; at >= Math.max(0, bytes.byteLength - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new BundleError('invalid-archive', 'This file is not a zip archive (no end-of-archive record); a .postext file is a zip');
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) {
    throw new BundleError('invalid-archive', 'ZIP64 archives are not supported; a .postext must be a plain zip under 4 GiB');
  }
  if (cdOffset + cdSize > eocd) throw new BundleError('invalid-archive', 'The zip archive is truncated or damaged (its directory lies outside the file)');
  const entries: ZipEntryInfo[] = [];
  const utf8 = new TextDecoder('utf-8');
  let at = cdOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new BundleError('invalid-archive', 'The zip archive is damaged (a directory record is broken)');
    }
    const flags = view.getUint16(at + 8, true);
    const crc32 = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const uncompressedSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const rawName = utf8.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    if ((flags & 1) !== 0) throw new BundleError('invalid-archive', `The zip entry "${rawName}" is encrypted; encrypted archives are not supported`);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff) {
      throw new BundleError('invalid-archive', `The zip entry "${rawName}" uses ZIP64 sizes, which are not supported`);
    }
    entries.push({ rawName, compressedSize, uncompressedSize, crc32, directory: rawName.endsWith('/') || rawName.endsWith('\\') });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** True for entries a bundle reader ignores: macOS resource forks and dotfiles (§13). */
function ignored(path: string): boolean {
  return path.split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'));
}

/** An opened archive whose files can be read by their path relative to `preset.json`. */
export interface BundleArchive {
  /** Paths of the bundle's files, relative to its root (top folder removed). */
  paths: string[];
  /** The top folder the bundle sat in ('' at the root). */
  root: string;
  read(path: string): Promise<Uint8Array | null>;
}

/**
 * Opens a `.postext` archive. Refuses (BundleError) unsafe names, oversize declarations and
 * archives without `preset.json` at the root or under exactly one top folder.
 */
export async function openBundleArchive(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<BundleArchive> {
  const entries = scanZip(bytes);
  if (entries.length > limits.maxEntries) {
    throw new BundleError('too-large', `The archive has ${entries.length} entries; at most ${limits.maxEntries} are accepted`);
  }
  const files = new Map<string, ZipEntryInfo>();
  let total = 0;
  for (const entry of entries) {
    const normal = normalizeBundlePath(entry.rawName);
    if ('error' in normal) {
      if (entry.directory && normal.error === 'is empty') continue;
      throw new BundleError('unsafe-path', `The archive entry "${entry.rawName}" ${normal.error}; the archive is refused because it could write outside the book`);
    }
    if (entry.directory || ignored(normal.path)) continue;
    if (entry.uncompressedSize > limits.maxEntryBytes) {
      throw new BundleError('too-large', `The archive entry "${normal.path}" declares ${entry.uncompressedSize} bytes once unpacked; at most ${limits.maxEntryBytes} are accepted per file`);
    }
    total += entry.uncompressedSize;
    if (total > limits.maxTotalBytes) {
      throw new BundleError('too-large', `The archive declares more than ${limits.maxTotalBytes} bytes once unpacked; that is over the limit for a book`);
    }
    if (files.has(normal.path)) throw new BundleError('invalid-archive', `The archive holds "${normal.path}" twice; expected each file once`);
    files.set(normal.path, entry);
  }

  // Root or exactly one top folder (§13).
  let root = '';
  if (!files.has('preset.json')) {
    const tops = new Set([...files.keys()].map((p) => (p.includes('/') ? p.slice(0, p.indexOf('/')) : '')));
    const only = tops.size === 1 ? [...tops][0] : undefined;
    if (only === undefined || only === '' || !files.has(`${only}/preset.json`)) {
      throw new BundleError('invalid-manifest', 'The archive has no preset.json at its root or inside one top folder; is it a .postext bundle?');
    }
    root = only;
  }

  let zip: JSZip;
  try {
    // checkCRC32 would inflate every entry inside loadAsync, before any size guard could run; entries
    // are inflated lazily below instead, capped at their declared size, and their CRC checked there.
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false, createFolders: false });
  } catch (error) {
    throw new BundleError('invalid-archive', `The zip archive could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const byRawName = new Map<string, JSZip.JSZipObject>();
  for (const object of Object.values(zip.files)) byRawName.set(object.unsafeOriginalName ?? object.name, object);

  const prefix = root === '' ? '' : `${root}/`;
  const paths = [...files.keys()].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length));
  return {
    paths,
    root,
    async read(path: string): Promise<Uint8Array | null> {
      const info = files.get(prefix + path);
      if (!info) return null;
      const object = byRawName.get(info.rawName);
      if (!object) return null;
      return inflateChecked(object, info);
    },
  };
}

/** Internal JSZip stream API (documented as `ZipObject#internalStream`, missing from the typings). */
interface StreamingZipObject {
  internalStream(type: 'uint8array'): JSZip.JSZipStreamHelper<Uint8Array>;
}

function inflateChecked(object: JSZip.JSZipObject, info: ZipEntryInfo): Promise<Uint8Array> {
  const path = object.name;
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let received = 0;
    let failed = false;
    const stream = (object as unknown as StreamingZipObject).internalStream('uint8array');
    stream
      .on('data', (chunk) => {
        if (failed) return;
        received += chunk.byteLength;
        if (received > info.uncompressedSize) {
          failed = true;
          stream.pause();
          reject(new BundleError('too-large', `The archive entry "${path}" unpacks to more than the ${info.uncompressedSize} bytes it declares; the archive is refused`));
          return;
        }
        chunks.push(chunk);
      })
      .on('error', (error) => {
        if (failed) return;
        failed = true;
        reject(new BundleError('invalid-archive', `The archive entry "${path}" is damaged: ${error.message}`));
      })
      .on('end', () => {
        if (failed) return;
        const out = new Uint8Array(received);
        let offset = 0;
        for (const chunk of chunks) {
          out.set(chunk, offset);
          offset += chunk.byteLength;
        }
        if (received !== info.uncompressedSize) {
          reject(new BundleError('invalid-archive', `The archive entry "${path}" is damaged: it unpacks to ${received} bytes, not the ${info.uncompressedSize} it declares`));
        } else if (crc32(out) !== info.crc32) {
          reject(new BundleError('invalid-archive', `The archive entry "${path}" is damaged: its checksum does not match`));
        } else {
          resolve(out);
        }
      })
      .resume();
  });
}

let crcTable: Uint32Array | null = null;

/** CRC-32 (IEEE 802.3), as zip uses it. */
export function crc32(bytes: Uint8Array): number {
  if (crcTable === null) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i += 1) crc = crcTable[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
