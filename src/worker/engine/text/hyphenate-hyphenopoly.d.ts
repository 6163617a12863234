/**
 * Types for the part of hyphenopoly 6.1.0's `hyphenopoly.module.js` we use (the package ships
 * none). See platform-notes.md §3.
 */
declare module 'hyphenopoly' {
  interface HyphenopolyEvent {
    msg: string;
    key?: string;
    preventDefault(): void;
  }
  interface HyphenopolyConfig {
    require: string[];
    /** Character inserted at each hyphenation point. One value per process (module singleton). */
    hyphen?: string;
    sync?: boolean;
    /** Sync loader: (file name like "de.wasm", patterns folder URL) → bytes. */
    loaderSync?: (file: string, patternsDir: URL) => ArrayBuffer | Uint8Array;
    minWordLength?: number;
    leftmin?: number;
    rightmin?: number;
    compound?: 'auto' | 'all' | 'hyphen';
    orphanControl?: 1 | 2 | 3;
    normalize?: boolean;
    mixedCase?: boolean;
    handleEvent?: { error?: (e: HyphenopolyEvent) => void; engineReady?: (e: HyphenopolyEvent) => void };
  }
  interface Hyphenopoly {
    /** Pattern ids shipped in `hyphenopoly/patterns/<id>.wasm`. */
    supportedLanguages: string[];
    /** In sync mode: language id → text hyphenator (inserts `hyphen` at every allowed point). */
    config(config: HyphenopolyConfig): Map<string, (text: string) => string>;
  }
  const H: Hyphenopoly;
  export default H;
}
