/** XML text helpers for the EPUB writer (no DOM in the worker). */

/** Characters XML 1.0 forbids (C0 controls other than tab, line feed, carriage return; lone surrogates; U+FFFE/U+FFFF). */
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text content. */
export function escapeXml(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value (double-quoted). */
export function attr(text: string): string {
  return escapeXml(text).replace(/"/g, '&quot;');
}
