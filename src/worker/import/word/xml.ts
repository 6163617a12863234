/**
 * A small, strict-enough XML reader for the parts of a .docx (workers have no DOMParser). It keeps
 * element order, attributes by qualified name (`w:val`) and text exactly (no trimming: the spaces
 * of `<w:t xml:space="preserve"> </w:t>` matter). Comments, processing instructions and the
 * declaration are skipped; OOXML parts have no DTDs.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body] ?? whole;
  });
}

/** Parses a whole part into its root element; throws on markup that does not nest. */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const tag = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<![^>]*>/g;
  let at = 0;
  for (let match = tag.exec(xml); match; match = tag.exec(xml)) {
    const top = stack[stack.length - 1]!;
    if (match.index > at) top.children.push(decodeEntities(xml.slice(at, match.index)));
    at = tag.lastIndex;
    if (match[5] !== undefined) {
      top.children.push(match[5]);
      continue;
    }
    const name = match[2];
    if (!name) continue; // comment, declaration, doctype
    if (match[1]) {
      if (top.name !== name) throw new Error(`XML: </${name}> closes <${top.name}>`);
      stack.pop();
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const a of (match[3] ?? '').matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '');
    const element: XmlElement = { name, attrs, children: [] };
    top.children.push(element);
    if (!match[4]) stack.push(element);
  }
  if (stack.length !== 1) throw new Error(`XML: <${stack[stack.length - 1]!.name}> is never closed`);
  const first = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!first) throw new Error('XML: no root element');
  return first;
}

export function elements(node: XmlElement, name?: string): XmlElement[] {
  return node.children.filter((c): c is XmlElement => typeof c !== 'string' && (name === undefined || c.name === name));
}

export function child(node: XmlElement | undefined, name: string): XmlElement | undefined {
  return node?.children.find((c): c is XmlElement => typeof c !== 'string' && c.name === name);
}

/** Every descendant with this name, in document order. */
export function descendants(node: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of node.children) {
    if (typeof c === 'string') continue;
    if (c.name === name) out.push(c);
    descendants(c, name, out);
  }
  return out;
}

/** A Word on/off property: present and not "0"/"false"/"off". */
export function isOn(element: XmlElement | undefined): boolean {
  if (!element) return false;
  const value = element.attrs['w:val'];
  return value === undefined || !['0', 'false', 'off', 'none'].includes(value);
}
