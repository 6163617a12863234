/**
 * The SVG fixture of the rasterising tests (issue 10 §2), in Node and in Chromium alike: 200 × 100
 * px (150 × 75 pt), a red left half and a blurred green square on the right (a filter, outside the
 * vector subset), plus hostile extras — a script and an onload handler that would set `flag` on
 * the global object, and an image and a `use` pointing at `host`, which must never be requested.
 */
export function hostileFilteredSvg(flag: { onload: string; script: string }, host: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" viewBox="0 0 200 100" onload="globalThis.${flag.onload} = true">
  <script>globalThis.${flag.script} = true; fetch('https://${host}/steal');</script>
  <defs><filter id="soft"><feGaussianBlur stdDeviation="1"/></filter></defs>
  <rect x="0" y="0" width="100" height="100" fill="#ff0000"/>
  <rect x="110" y="10" width="80" height="80" fill="#00ff00" filter="url(#soft)"/>
  <image x="0" y="0" width="200" height="100" xlink:href="https://${host}/evil.png"/>
  <use href="https://${host}/sprite.svg#icon"/>
</svg>`;
}
