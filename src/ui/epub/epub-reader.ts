/**
 * Opens an EPUB's bytes for the built-in reader (tools.md §7.10 EPUB 3), on the main thread:
 * unzips them (JSZip), reads `META-INF/container.xml` → the package document (manifest, spine,
 * page-progression direction) → the navigation document's table of contents. Every spine
 * document is rewritten so that it needs nothing but the zip: pictures, fonts and stylesheets
 * become blob: URLs, a Content-Security-Policy forbids scripts and any network fetch, and links
 * inside the book are marked (`data-epub-target`) for the reader to follow itself.
 * `close()` revokes every URL it made.
 */
import JSZip from 'jszip';

export interface EpubContentsEntry {
  title: string;
  /** 0-based index of the spine document the entry opens. */
  spineIndex: number;
  /** The id to scroll to inside that document, if the entry names one. */
  fragment: string | null;
  /** Nesting depth (0 = top level). */
  depth: number;
}

export interface OpenedEpub {
  title: string;
  language: string;
  /** `page-progression-direction="rtl"`: the reader turns right to left. */
  rtl: boolean;
  /** The spine, in reading order: each document's path in the zip. */
  spine: string[];
  contents: EpubContentsEntry[];
  /** The blob: URL of the rewritten spine document (made on first use, then kept). */
  documentUrl(spineIndex: number): Promise<string>;
  /** Which spine document and fragment a `data-epub-target` value points at. */
  resolveTarget(target: string): { spineIndex: number; fragment: string | null } | null;
  close(): void;
}

const CONTAINER_NS = 'urn:oasis:names:tc:opendocument:xmlns:container';
const OPF_NS = 'http://www.idpf.org/2007/opf';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const EPUB_NS = 'http://www.idpf.org/2007/ops';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * What a book document may load: only the blob: URLs made here (and data: URLs inside the book),
 * never a script, never the network.
 */
const DOCUMENT_POLICY = "default-src 'none'; img-src blob: data:; media-src blob: data:; font-src blob: data:; style-src blob: 'unsafe-inline'";

/** The zip path `href` points at, seen from the document at `base` (both zip paths). */
export function resolvePath(base: string, href: string): string {
  const parts = base.split('/');
  parts.pop();
  for (const segment of decodeURIComponent(href).split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/** A reference to another place (scheme, protocol-relative or absolute path): never rewritten as a zip path. */
function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

function parseXml(text: string, what: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  if (doc.getElementsByTagName('parsererror').length > 0) throw new Error(`The EPUB's ${what} is not well-formed XML.`);
  return doc;
}

async function readText(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path);
  if (!file) throw new Error(`The EPUB has no ${path}.`);
  return file.async('string');
}

export async function openEpub(bytes: Uint8Array): Promise<OpenedEpub> {
  const zip = await JSZip.loadAsync(bytes);
  const container = parseXml(await readText(zip, 'META-INF/container.xml'), 'container.xml');
  const rootfile = container.getElementsByTagNameNS(CONTAINER_NS, 'rootfile')[0]?.getAttribute('full-path');
  if (!rootfile) throw new Error('The EPUB names no package document in container.xml.');
  const opf = parseXml(await readText(zip, rootfile), 'package document');

  const manifest = new Map<string, { path: string; mediaType: string; properties: string[] }>();
  for (const item of Array.from(opf.getElementsByTagNameNS(OPF_NS, 'item'))) {
    const id = item.getAttribute('id');
    const href = item.getAttribute('href');
    if (!id || !href) continue;
    manifest.set(id, { path: resolvePath(rootfile, href), mediaType: item.getAttribute('media-type') ?? 'application/octet-stream', properties: (item.getAttribute('properties') ?? '').split(/\s+/).filter(Boolean) });
  }
  const mediaTypes = new Map([...manifest.values()].map((m) => [m.path, m.mediaType]));
  const spineElement = opf.getElementsByTagNameNS(OPF_NS, 'spine')[0];
  const spine = Array.from(opf.getElementsByTagNameNS(OPF_NS, 'itemref'))
    .map((ref) => manifest.get(ref.getAttribute('idref') ?? '')?.path)
    .filter((path): path is string => path !== undefined);
  if (spine.length === 0) throw new Error('The EPUB has an empty spine: there is nothing to read.');
  const dc = (name: string) => opf.getElementsByTagNameNS('http://purl.org/dc/elements/1.1/', name)[0]?.textContent?.trim() ?? '';

  const urls: string[] = [];
  const blobUrl = (data: BlobPart, type: string) => {
    const url = URL.createObjectURL(new Blob([data], { type }));
    urls.push(url);
    return url;
  };

  // Resources (pictures, fonts, media) by zip path, each made once; stylesheets get their own url() rewritten.
  const resources = new Map<string, Promise<string | null>>();
  const resourceUrl = (path: string): Promise<string | null> => {
    let made = resources.get(path);
    if (!made) {
      made = (async () => {
        const file = zip.file(path);
        if (!file) return null;
        const type = mediaTypes.get(path) ?? 'application/octet-stream';
        if (type === 'text/css') return blobUrl(await rewriteCss(await file.async('string'), path), 'text/css');
        return blobUrl((await file.async('uint8array')) as BlobPart, type);
      })();
      resources.set(path, made);
    }
    return made;
  };
  const rewriteCss = async (css: string, base: string): Promise<string> => {
    const refs = [...css.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)];
    let out = css;
    for (const ref of refs) {
      const href = ref[2]!;
      if (isExternal(href) || href.startsWith('#')) continue;
      const url = await resourceUrl(resolvePath(base, href.split('#')[0]!));
      out = out.replace(ref[0], url ? `url("${url}")` : 'none');
    }
    return out;
  };

  const spineIndexOf = (path: string) => spine.indexOf(path);
  const resolveTarget = (target: string) => {
    const [path, fragment] = target.split('#');
    const spineIndex = spineIndexOf(path!);
    return spineIndex < 0 ? null : { spineIndex, fragment: fragment || null };
  };

  const documents = new Map<number, Promise<string>>();
  const documentUrl = (spineIndex: number): Promise<string> => {
    let made = documents.get(spineIndex);
    if (!made) {
      made = (async () => {
        const path = spine[spineIndex];
        if (path === undefined) throw new Error(`The spine has no document ${spineIndex + 1}.`);
        const doc = parseXml(await readText(zip, path), path);
        await rewriteDocument(doc, path);
        return blobUrl(new XMLSerializer().serializeToString(doc), 'application/xhtml+xml');
      })();
      documents.set(spineIndex, made);
    }
    return made;
  };

  const rewriteDocument = async (doc: Document, path: string) => {
    // Nothing runs: scripts go, inline handlers go, and the policy below forbids the rest.
    for (const script of Array.from(doc.getElementsByTagNameNS(XHTML_NS, 'script'))) script.remove();
    for (const element of Array.from(doc.getElementsByTagName('*'))) {
      for (const attribute of Array.from(element.attributes)) if (/^on/i.test(attribute.name)) element.removeAttribute(attribute.name);
    }
    let head = doc.getElementsByTagNameNS(XHTML_NS, 'head')[0];
    if (!head) {
      head = doc.createElementNS(XHTML_NS, 'head');
      doc.documentElement.insertBefore(head, doc.documentElement.firstChild);
    }
    const policy = doc.createElementNS(XHTML_NS, 'meta');
    policy.setAttribute('http-equiv', 'Content-Security-Policy');
    policy.setAttribute('content', DOCUMENT_POLICY);
    head.insertBefore(policy, head.firstChild);

    const swap = async (element: Element, name: string, namespace: string | null = null) => {
      const href = namespace ? element.getAttributeNS(namespace, name.split(':').pop()!) : element.getAttribute(name);
      if (!href || isExternal(href) || href.startsWith('#')) return;
      const url = await resourceUrl(resolvePath(path, href.split('#')[0]!));
      if (namespace) element.setAttributeNS(namespace, name, url ?? '');
      else if (url) element.setAttribute(name, url);
      else element.removeAttribute(name);
    };
    for (const link of Array.from(doc.getElementsByTagNameNS(XHTML_NS, 'link'))) await swap(link, 'href');
    for (const tag of ['img', 'source', 'audio', 'video', 'track']) for (const el of Array.from(doc.getElementsByTagNameNS(XHTML_NS, tag))) await swap(el, 'src');
    for (const video of Array.from(doc.getElementsByTagNameNS(XHTML_NS, 'video'))) await swap(video, 'poster');
    for (const image of Array.from(doc.getElementsByTagNameNS('http://www.w3.org/2000/svg', 'image'))) {
      if (image.hasAttributeNS(XLINK_NS, 'href')) await swap(image, 'xlink:href', XLINK_NS);
      else await swap(image, 'href');
    }
    for (const style of Array.from(doc.getElementsByTagNameNS(XHTML_NS, 'style'))) style.textContent = await rewriteCss(style.textContent ?? '', path);
    // Links: inside the book the reader follows them; outside, a new browser tab.
    for (const anchor of Array.from(doc.getElementsByTagNameNS(XHTML_NS, 'a'))) {
      const href = anchor.getAttribute('href');
      if (!href) continue;
      if (isExternal(href)) {
        anchor.setAttribute('target', '_blank');
        anchor.setAttribute('rel', 'noopener noreferrer');
      } else if (!href.startsWith('#')) {
        const [file, fragment] = href.split('#');
        anchor.setAttribute('data-epub-target', `${resolvePath(path, file!)}${fragment ? `#${fragment}` : ''}`);
      }
    }
  };

  // The table of contents: the nav document's epub:type="toc" list, in order, with depths.
  const contents: EpubContentsEntry[] = [];
  const navItem = [...manifest.values()].find((m) => m.properties.includes('nav'));
  if (navItem) {
    const nav = parseXml(await readText(zip, navItem.path), 'navigation document');
    const tocNav = Array.from(nav.getElementsByTagNameNS(XHTML_NS, 'nav')).find((n) => (n.getAttributeNS(EPUB_NS, 'type') ?? '').split(/\s+/).includes('toc'));
    const walk = (list: Element, depth: number) => {
      for (const li of Array.from(list.children)) {
        if (li.localName !== 'li') continue;
        const label = Array.from(li.children).find((c) => c.localName === 'a' || c.localName === 'span');
        const href = label?.localName === 'a' ? label.getAttribute('href') : null;
        if (label && href && !isExternal(href)) {
          const [file, fragment] = href.split('#');
          const spineIndex = spineIndexOf(resolvePath(navItem.path, file!));
          if (spineIndex >= 0) contents.push({ title: (label.textContent ?? '').replace(/\s+/g, ' ').trim(), spineIndex, fragment: fragment || null, depth });
        }
        const nested = Array.from(li.children).find((c) => c.localName === 'ol');
        if (nested) walk(nested, depth + 1);
      }
    };
    const top = tocNav ? Array.from(tocNav.children).find((c) => c.localName === 'ol') : undefined;
    if (top) walk(top, 0);
  }

  return {
    title: dc('title'),
    language: dc('language'),
    rtl: spineElement?.getAttribute('page-progression-direction') === 'rtl',
    spine,
    contents,
    documentUrl,
    resolveTarget,
    close() {
      for (const url of urls.splice(0)) URL.revokeObjectURL(url);
    },
  };
}
