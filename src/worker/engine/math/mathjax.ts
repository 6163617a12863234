/**
 * The MathJax typesetter: TeX → SVG (MathJax 4, lite DOM, no browser) → formula parts.
 *
 * Loaded lazily by the host (a dynamic import of this module) only when a book has maths; the
 * layout engine sees only the `MathTypesetter` interface. MathJax fetches some font ranges on
 * demand (asynchronously), so `prepare` typesets every formula of the book first with MathJax's
 * retry loop; afterwards `typeset` is synchronous and returns the cached, deterministic result.
 *
 * Determinism: macros a formula defines (`\newcommand`, `\def`) are forgotten before the next
 * formula (our choice: a formula's look never depends on which formulas were set before it, so
 * incremental relayout equals full layout). No assistive or menu extensions are loaded.
 */
import { mathjax } from '@mathjax/src/js/mathjax.js';
import { TeX } from '@mathjax/src/js/input/tex.js';
import { MathML } from '@mathjax/src/js/input/mathml.js';
import { SVG } from '@mathjax/src/js/output/svg.js';
import { liteAdaptor } from '@mathjax/src/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from '@mathjax/src/js/handlers/html.js';
import { STATE } from '@mathjax/src/js/core/MathItem.js';
import { SerializedMmlVisitor } from '@mathjax/src/js/core/MmlTree/SerializedMmlVisitor.js';
import '@mathjax/src/js/input/tex/base/BaseConfiguration.js';
import '@mathjax/src/js/input/tex/ams/AmsConfiguration.js';
import '@mathjax/src/js/input/tex/amscd/AmsCdConfiguration.js';
import '@mathjax/src/js/input/tex/bbox/BboxConfiguration.js';
import '@mathjax/src/js/input/tex/boldsymbol/BoldsymbolConfiguration.js';
import '@mathjax/src/js/input/tex/braket/BraketConfiguration.js';
import '@mathjax/src/js/input/tex/cancel/CancelConfiguration.js';
import '@mathjax/src/js/input/tex/cases/CasesConfiguration.js';
import '@mathjax/src/js/input/tex/centernot/CenternotConfiguration.js';
import '@mathjax/src/js/input/tex/color/ColorConfiguration.js';
import '@mathjax/src/js/input/tex/empheq/EmpheqConfiguration.js';
import '@mathjax/src/js/input/tex/enclose/EncloseConfiguration.js';
import '@mathjax/src/js/input/tex/extpfeil/ExtpfeilConfiguration.js';
import '@mathjax/src/js/input/tex/gensymb/GensymbConfiguration.js';
import '@mathjax/src/js/input/tex/mathtools/MathtoolsConfiguration.js';
import '@mathjax/src/js/input/tex/mhchem/MhchemConfiguration.js';
import '@mathjax/src/js/input/tex/newcommand/NewcommandConfiguration.js';
import '@mathjax/src/js/input/tex/physics/PhysicsConfiguration.js';
import '@mathjax/src/js/input/tex/textcomp/TextcompConfiguration.js';
import '@mathjax/src/js/input/tex/textmacros/TextMacrosConfiguration.js';
import '@mathjax/src/js/input/tex/units/UnitsConfiguration.js';
import '@mathjax/src/js/input/tex/upgreek/UpgreekConfiguration.js';
import '@mathjax/src/js/input/tex/verb/VerbConfiguration.js';
import { MathJaxNewcmFont } from '@mathjax/mathjax-newcm-font/js/svg.js';
import { FONT_RANGES } from './font-ranges';
import { flattenSvg, type SvgNode } from './svg';
import type { FormulaRequest, MathTypesetter, TypesetFormula } from './types';

const PACKAGES = [
  'base', 'ams', 'amscd', 'bbox', 'boldsymbol', 'braket', 'cancel', 'cases', 'centernot', 'color', 'empheq', 'enclose',
  'extpfeil', 'gensymb', 'mathtools', 'mhchem', 'newcommand', 'physics', 'textcomp', 'textmacros', 'units', 'upgreek', 'verb',
];

/** Where the font asks for its ranges: `<prefix>/<name>.js`. */
const RANGE_PATH = /\/dynamic\/([^/]+)\.js$/;

/** Results kept per (display, TeX); a book rarely has more distinct formulas than this. */
const CACHE_LIMIT = 20000;

// liteAdaptor nodes and MathJax's internal items are loosely typed at this boundary.
/* eslint-disable @typescript-eslint/no-explicit-any */
type Doc = any;

class MathJaxTypesetter implements MathTypesetter {
  private readonly cache = new Map<string, TypesetFormula>();
  private readonly visitor = new SerializedMmlVisitor();

  constructor(
    private readonly texDoc: Doc,
    private readonly mmlDoc: Doc,
    private readonly texJax: Doc,
  ) {}

  typeset(tex: string, display: boolean): TypesetFormula {
    const key = `${display ? 'D' : 'I'}${tex}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const result = this.convert(tex, display);
    if (!result.pending) this.remember(key, result);
    return result;
  }

  async prepare(formulas: readonly FormulaRequest[]): Promise<void> {
    for (const { tex, display } of formulas) {
      const key = `${display ? 'D' : 'I'}${tex}`;
      if (this.cache.has(key)) continue;
      // MathJax signals a font range it must fetch by throwing a retry error; wait and retry.
      for (let attempt = 0; attempt < 50; attempt++) {
        const result = this.convertOrRetry(tex, display);
        if ('retry' in result) {
          await result.retry.catch(() => undefined);
          continue;
        }
        this.remember(key, result);
        break;
      }
    }
  }

  private remember(key: string, result: TypesetFormula): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, result);
  }

  private convert(tex: string, display: boolean): TypesetFormula {
    const result = this.convertOrRetry(tex, display);
    if (!('retry' in result)) return result;
    result.retry.catch(() => undefined);
    return { width: 1, height: 0.7, depth: 0.2, parts: [], childX: [], breaks: [], rows: [], mathml: '', pending: true };
  }

  private convertOrRetry(tex: string, display: boolean): TypesetFormula | { retry: Promise<unknown> } {
    try {
      return this.run(this.texDoc, tex, display);
    } catch (error) {
      const retry = retryOf(error);
      if (retry) return { retry };
      const message = errorMessage(error);
      try {
        return { ...this.errorBox(tex, display), error: message };
      } catch (boxError) {
        const boxRetry = retryOf(boxError);
        if (boxRetry) return { retry: boxRetry };
        return { width: 1, height: 0.7, depth: 0.2, parts: [], childX: [], breaks: [], rows: [], mathml: '', error: message };
      }
    } finally {
      this.forgetMacros();
    }
  }

  /** The formula's source, monospaced in a red frame: what a reader sees for invalid TeX. */
  private errorBox(tex: string, display: boolean): TypesetFormula {
    const source = display ? tex : `$${tex}$`;
    const mml = `<math display="${display ? 'block' : 'inline'}"><menclose notation="box" mathcolor="#cc0000"><mtext mathvariant="monospace">${escapeXml(source.replace(/\s+/g, ' ').trim())}</mtext></menclose></math>`;
    return this.run(this.mmlDoc, mml, display);
  }

  private run(doc: Doc, source: string, display: boolean): TypesetFormula {
    const jax = doc.inputJax[0];
    const item = new doc.options.MathItem(source, jax, display);
    item.start.node = doc.adaptor.body(doc.document);
    // em/ex in px only size the outer <svg>'s ex-based attributes, which we do not read.
    item.setMetrics(16, 8, 80 * 8, 1);
    doc.clearPromises();
    item.convert(doc, STATE.LAST);
    // MathJax's own estimate of the advance of text its font lacks (em → the node's 1/1000 em).
    const measure = (node: SvgNode): number => (doc.adaptor.nodeSize(node, 1000, true) as number[])[0]! * 1000;
    const flat = flattenSvg(item.typesetRoot as SvgNode, measure);
    return { ...flat, mathml: this.visitor.visitTree(item.root) };
  }

  /** Drops `\newcommand`/`\def` definitions so no formula sees another's macros. */
  private forgetMacros(): void {
    const handlers = this.texJax.parseOptions?.handlers;
    for (const name of ['new-Command', 'new-Environment', 'new-Delimiter']) {
      const map = handlers?.retrieve?.(name);
      if (map && map.map instanceof Map) map.map.clear();
    }
  }
}

function retryOf(error: unknown): Promise<unknown> | undefined {
  const retry = (error as { retry?: unknown } | null)?.retry;
  return retry instanceof Promise ? retry : undefined;
}

/** MathJax's TexError is not an Error subclass but carries a `message`. */
function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : String(error);
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

let created: Promise<MathTypesetter> | null = null;

/** The one typesetter of this worker (MathJax keeps global state: one instance per realm). */
export function createMathTypesetter(): Promise<MathTypesetter> {
  created ??= (async () => {
    mathjax.asyncLoad = (name: string) => {
      const range = RANGE_PATH.exec(name)?.[1];
      const load = range ? FONT_RANGES[range] : undefined;
      if (!load) return Promise.reject(new Error(`MathJax asked for ${name}, which is not bundled.`));
      return load();
    };
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    const throwErrors = (_jax: unknown, error: unknown) => {
      throw error;
    };
    const texJax = new TeX({ packages: PACKAGES, tags: 'none', formatError: throwErrors });
    const svgOptions = { fontCache: 'none', fontData: MathJaxNewcmFont, linebreaks: { inline: false } };
    const texDoc = mathjax.document('', { InputJax: texJax, OutputJax: new SVG(svgOptions as any) });
    const mmlDoc = mathjax.document('', { InputJax: new MathML(), OutputJax: new SVG(svgOptions as any) });
    const typesetter = new MathJaxTypesetter(texDoc, mmlDoc, texJax);
    // The error box's monospace letters live in a dynamic range: load it up front.
    await typesetter.prepare([]);
    await warmErrorBox(typesetter);
    return typesetter;
  })();
  return created;
}

async function warmErrorBox(typesetter: MathTypesetter): Promise<void> {
  // An invalid formula makes prepare typeset the error box, fetching its font range once.
  await typesetter.prepare([{ tex: '\\frac{', display: false }]);
}
