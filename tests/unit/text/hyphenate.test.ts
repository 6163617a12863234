import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MIN_AFTER,
  MIN_BEFORE,
  createHyphenator,
  resolveHyphenationLanguage,
  wordPenalties,
} from '../../../src/worker/engine/text/hyphenate';

const loadPatterns = (id: string) => readFileSync(new URL(`../../../node_modules/hyphenopoly/patterns/${id}.wasm`, import.meta.url));
const h = createHyphenator({ languages: ['en-us', 'de'], loadPatterns });

/** "hy|phen|ation" notation: the word with `|` at each break offset. */
function marked(word: string, tag: string, opts?: Parameters<typeof h.hyphenate>[2]): string {
  let out = '';
  let last = 0;
  for (const o of h.hyphenate(word, tag, opts)) {
    out += `${word.slice(last, o)}|`;
    last = o;
  }
  return out + word.slice(last);
}

/**
 * Expectations: hyphenopoly 6.1.0's output under our rules (≥ 5 characters, ≥ 2 before, ≥ 3
 * after), each checked against the language's syllabification. Pattern sets are deliberately
 * conservative, so a *missing* point is acceptable; every point listed is a correct break.
 * Points the dictionary allows but the patterns (or our minimums) omit are noted.
 */
const EXPECTED: Record<string, string> = {
  'en-us':
    'hy|phen|ation jus|ti|fi|ca|tion type|set|ting para|graph en|cy|clo|pe|dia char|ac|ter analy|sis ' +
    'beau|ti|ful daugh|ters as|ton|ished when|ever foun|tain play|thing al|go|rithm math|e|mat|ics ' +
    'uni|ver|sity in|for|ma|tion de|part|ment gov|ern|ment de|vel|op|ment en|vi|ron|ment in|ter|na|tional ' +
    'tech|nol|ogy com|mu|ni|ca|tion op|por|tu|nity ex|pe|ri|ence es|pe|cially im|por|tant chil|dren ' +
    'com|puter fa|vorite',
  // es: `compu|tadora` — com-pu-ta-do-ra in the RAE syllabification; the patterns give one point only.
  es:
    'ha|blar mur|cié|lago fe|rro|ca|rril compu|tadora uni|ver|si|dad in|for|ma|ción de|sa|rro|llo pe|rro ' +
    'ca|ba|llero cho|co|late na|cio|nal ar|qui|tec|tura bi|blio|teca edu|ca|ción bi|ci|cleta elec|tri|ci|dad ' +
    'ex|tra|or|di|na|rio llu|via ciu|da|dano tra|ba|ja|dor man|te|qui|lla or|de|na|dor gui|ta|rra pro|blema ' +
    'na|tu|ra|leza im|por|tante mon|taña pe|queño co|ra|zón es|pec|táculo',
  // fr: `connais|sance` — con-nais-sance is also correct; the patterns omit con|.
  fr:
    'hy|phé|na|tion or|di|na|teur bi|blio|thèque gou|ver|ne|ment dé|ve|lop|pe|ment in|for|ma|tion uni|ver|sité ' +
    'po|pu|la|tion connais|sance ma|gni|fique par|le|ment ex|tra|or|di|naire na|tu|rel|le|ment cho|co|lat ' +
    'mon|tagne his|to|rique phar|ma|cie ar|chi|tec|ture géo|gra|phie phi|lo|so|phie té|lé|phone fe|nêtre ' +
    'tra|vailler jour|na|liste res|tau|rant per|son|nage au|to|mo|bile cam|pagne tran|quille au|jour|d’hui',
  // de: `Staub|sauger` — Staub-sau-ger in Duden; the patterns omit sau|ger. Donaudampfschiffahrt is
  // the pre-1996 spelling (three f since 1996), kept as the classic test word.
  de:
    'Sil|ben|tren|nung Do|nau|dampf|schif|fahrt Bun|des|re|pu|blik Kin|der|gar|ten Fuß|ball|welt|meis|ter|schaft ' +
    'Zu|sam|men|ar|beit Wis|sen|schaft Ge|schwin|dig|keit Ent|wick|lung Re|gie|rung Uni|ver|si|tät Bi|blio|thek ' +
    'In|for|ma|ti|o|nen Ver|ant|wor|tung Ge|sell|schaft Kran|ken|haus Mann|schaft Ei|sen|bahn Son|nen|schein ' +
    'Schmet|ter|ling Ver|gan|gen|heit Früh|stück Woh|nung Ta|ges|zei|tung Freund|schaft Staub|sauger ' +
    'Zeit|schrift Apo|theke Haupt|bahn|hof Erd|beere',
  // it: hyphenopoly's Italian patterns reject words with accented letters (`università` comes back
  // whole); hyphenate.ts retries with base letters, giving the correct uni|ver|sità, per|ché.
  it:
    'sil|la|ba|zione bi|blio|teca uni|ver|sità in|for|ma|zione go|verno svi|luppo com|pu|ter par|la|mento ' +
    'mac|china ri|sto|rante cioc|co|lato mon|ta|gna ar|chi|tet|tura fi|lo|so|fia te|le|fono fi|ne|stra ' +
    'la|vo|rare gior|na|li|sta au|to|mo|bile cam|pa|gna tran|quillo fer|ro|via bi|ci|cletta pro|blema ' +
    'na|tu|rale im|por|tante fa|mi|glia giar|dino cit|ta|dino per|ché',
  pt:
    'hi|fe|ni|za|ção bi|bli|o|teca uni|ver|si|dade in|for|ma|ção go|verno de|sen|vol|vi|mento com|pu|ta|dor ' +
    'par|la|mento res|tau|rante cho|co|late mon|ta|nha ar|qui|te|tura fi|lo|so|fia te|le|fone ja|nela ' +
    'tra|ba|lhar jor|na|lista au|to|mó|vel cam|pa|nha tran|quilo fer|ro|via bi|ci|cleta pro|blema na|tu|ral ' +
    'im|por|tante fa|mí|lia jar|dim es|cola ci|da|dão co|ra|ção tam|bém',
  // ca: `desen|vo|lu|pa|ment` — des-en-vo-lu-pa-ment is also right; `in|tel·li|gèn|cia` — Catalan
  // also breaks at l·l as "intel-ligència" (the middle dot becomes the hyphen), which needs a
  // replacement the patterns (and a plain break offset) cannot express.
  ca:
    'bi|bli|o|teca uni|ver|si|tat in|for|ma|ció go|vern desen|vo|lu|pa|ment or|di|na|dor par|la|ment ' +
    'res|tau|rant xo|co|lata mun|ta|nya ar|qui|tec|tura fi|lo|so|fia te|lè|fon fi|nes|tra tre|ba|llar ' +
    'pe|ri|o|dista au|to|mò|bil cam|pa|nya tran|quil fer|ro|car|ril bi|ci|cleta pro|blema na|tu|ral ' +
    'im|por|tant fa|mí|lia es|cola ciu|tadà in|tel·li|gèn|cia co|mu|ni|tat lli|bre|ria es|pe|rança car|re|tera',
  nl:
    'woord|af|bre|king bi|bli|o|theek uni|ver|si|teit in|for|ma|tie re|ge|ring ont|wik|ke|ling com|pu|ter ' +
    'par|le|ment res|tau|rant cho|co|lade ar|chi|tec|tuur fi|lo|so|fie te|le|foon ven|ster wer|ken ' +
    'jour|na|list au|to|mo|biel zie|ken|huis pro|bleem na|tuur|lijk be|lang|rijk fa|mi|lie tuin|man ' +
    'bur|ge|mees|ter kin|de|ren vrij|heid ge|meen|te|raad ver|jaar|dag bo|ter|ham aard|ap|pel we|ten|schap ' +
    'on|der|ne|mer schil|de|rij',
};

describe('hyphenation: the eight bundled languages', () => {
  for (const [tag, list] of Object.entries(EXPECTED)) {
    const words = list.split(' ');
    it(`${tag}: ${words.length} words`, () => {
      expect(words.length).toBeGreaterThanOrEqual(30);
      for (const w of words) expect(marked(w.replaceAll('|', ''), tag)).toBe(w);
    });
  }

  it('words with no break of their own stay whole', () => {
    expect(marked('school', 'nl')).toBe('school');
    expect(marked('scuola', 'it')).toBe('scuola'); // scuo|la would leave 2 after
    expect(marked('fiets', 'nl')).toBe('fiets');
  });
});

describe('hyphenation: fixed rules (spec §6.2)', () => {
  it('never hyphenates words under 5 characters', () => {
    for (const w of ['into', 'also', 'over', 'unto', 'Haus', 'pero']) expect(h.hyphenate(w, 'en-us')).toEqual([]);
    expect(h.hyphenate('Hause', 'de').length).toBeGreaterThanOrEqual(0);
  });

  it('keeps ≥ 2 characters before and ≥ 3 after every break', () => {
    const words = EXPECTED['en-us']!.replaceAll('|', '').split(' ').concat(['education', 'acoustic', 'ideal', 'evening', 'apology']);
    for (const w of words) {
      for (const o of h.hyphenate(w, 'en-us')) {
        expect(o).toBeGreaterThanOrEqual(MIN_BEFORE);
        expect(w.length - o).toBeGreaterThanOrEqual(MIN_AFTER);
      }
    }
    // "a|pol|o|gy" in dictionaries; we drop a| (1 before) and |gy (2 after).
    expect(marked('apology', 'en-us')).not.toMatch(/^a\|/);
  });

  it('counts characters, not UTF-16 units: a combining mark goes with its letter', () => {
    const hindi = createHyphenator({ languages: ['hi'], loadPatterns });
    // The patterns give कि|ता|बें; कि (ka + vowel sign i) and बें (ba + e + anusvara) are one character each.
    expect(hindi.hyphenate('किताबें', 'hi')).toEqual([]);
    // वि|श्व|वि|द्यालय: the first point leaves one character before it.
    expect(hindi.hyphenate('विश्वविद्यालय', 'hi')).toEqual([5, 7]);
  });

  it('counts only the letters: punctuation around the word is not part of it', () => {
    expect(marked('“hyphenation,”', 'en-us')).toBe('“hy|phen|ation,”');
    expect(marked('Typesetting.', 'en-us')).toBe('Type|set|ting.');
    expect(marked('HYPHENATION', 'en-us')).toBe('HY|PHEN|ATION');
    expect(marked('A4paper', 'en-us')).toBe('A4paper'); // letters glued to digits: left alone
  });

  it('caches per (language, word) and returns the same answer', () => {
    const a = h.breakPoints('justification', 'en-us');
    expect(h.breakPoints('justification', 'en-US')).toBe(a);
    expect(h.breakPoints('justification', 'de')).not.toBe(a);
  });
});

describe('hyphenation: en-GB uses British patterns', () => {
  it('resolves en-GB to en-gb and other English to en-us', () => {
    expect(h.resolve('en-GB').patterns).toBe('en-gb');
    expect(h.resolve('en-AU').patterns).toBe('en-us');
    expect(h.resolve('en').patterns).toBe('en-us');
  });

  it('breaks by British (etymological) rules where they differ', () => {
    const pairs: [string, string, string][] = [
      // word, en-US, en-GB
      ['project', 'project', 'pro|ject'],
      ['record', 'record', 're|cord'],
      ['encyclopedia', 'en|cy|clo|pe|dia', 'en|cyc|lo|pe|dia'],
      ['justification', 'jus|ti|fi|ca|tion', 'jus|ti|fic|a|tion'],
      ['hyphenation', 'hy|phen|ation', 'hy|phen|a|tion'],
      ['analysis', 'analy|sis', 'ana|lysis'],
    ];
    for (const [w, us, gb] of pairs) {
      expect(marked(w, 'en-US')).toBe(us);
      expect(marked(w, 'en-GB')).toBe(gb);
    }
  });
});

describe('hyphenation: locale resolution', () => {
  it('follows the spec: region, script and case ignored; CJK none; unknown → en-us with a warning flag', () => {
    expect(resolveHyphenationLanguage('es-MX')).toMatchObject({ patterns: 'es', bundled: true, fallback: false });
    expect(resolveHyphenationLanguage('PT_br').patterns).toBe('pt');
    expect(resolveHyphenationLanguage('de-CH').patterns).toBe('de');
    expect(resolveHyphenationLanguage('ca-ES-valencia').patterns).toBe('ca');
    expect(resolveHyphenationLanguage(undefined).patterns).toBe('en-us');
    for (const t of ['zh', 'zh-Hant-TW', 'ja', 'ko-KR', 'zh-Latn-pinyin']) expect(resolveHyphenationLanguage(t).patterns).toBeNull();
    expect(resolveHyphenationLanguage('xx')).toMatchObject({ patterns: 'en-us', fallback: true });
    expect(resolveHyphenationLanguage('ar')).toMatchObject({ patterns: 'en-us', fallback: true });
  });

  it('uses hyphenopoly patterns for other languages instead of the en-us fallback', () => {
    expect(resolveHyphenationLanguage('sv-SE')).toMatchObject({ patterns: 'sv', bundled: false, fallback: false });
    expect(resolveHyphenationLanguage('el').patterns).toBe('el-monoton');
    expect(resolveHyphenationLanguage('sr-Latn').patterns).toBe('sh-latn');
    expect(resolveHyphenationLanguage('sr').patterns).toBe('sr-cyrl');
    expect(marked('universitetet', 'sv')).not.toBe('universitetet');
  });

  it('CJK text is not hyphenated; a language without loadable patterns falls back to en-us', () => {
    expect(h.hyphenate('information', 'ja')).toEqual([]);
    const partial = createHyphenator({ loadPatterns: (id) => (id === 'en-us' ? loadPatterns(id) : undefined) });
    expect(partial.resolve('fr')).toMatchObject({ patterns: 'en-us', fallback: true });
    const none = createHyphenator({ loadPatterns: () => undefined });
    expect(none.hyphenate('hyphenation', 'en')).toEqual([]);
  });
});

describe('hyphenation: soft hyphens, compounds, dashes, URLs', () => {
  it('soft hyphens are the only hyphenation points when present', () => {
    const w = 'hy\u00ADphenation';
    expect(h.breakPoints(w, 'en-us')).toEqual([{ offset: 3, kind: 'soft', hyphen: true }]);
    // Honoured like TeX's \- even inside short words.
    expect(h.hyphenate('co\u00ADop', 'en-us')).toEqual([3]);
    // Soft hyphens still count when pattern hyphenation is off.
    expect(h.hyphenate(w, 'en-us', { hyphenate: false })).toEqual([3]);
  });

  it('breaks after explicit hyphens with ≥ 2 letters each side, without drawing another hyphen', () => {
    expect(h.breakPoints('well-known', 'en-us')).toEqual([{ offset: 5, kind: 'hyphen', hyphen: false }]);
    expect(marked('state-of-the-art', 'en-us')).toBe('state-|of-|the-|art');
    expect(marked('x-ray', 'en-us')).toBe('x-ray'); // one letter before
    expect(h.hyphenate('well-known', 'en-us', { breakAfterHyphens: false })).toEqual([]);
  });

  it('hyphenates inside compounds unless compounds is false', () => {
    expect(marked('information-technology', 'en-us')).toBe('in|for|ma|tion-|tech|nol|ogy');
    expect(marked('information-technology', 'en-us', { compounds: false })).toBe('information-|technology');
  });

  it('breaks after closed dashes between words, not dialogue dashes or numeric ranges', () => {
    expect(h.breakPoints('word—word', 'en-us')).toEqual([{ offset: 5, kind: 'dash', hyphen: false }]);
    // A dialogue dash opens the word: no dash break (Spanish patterns still split He|llo).
    expect(h.breakPoints('—Hello', 'es').some((b) => b.kind === 'dash')).toBe(false);
    expect(h.hyphenate('1990–2000', 'en-us')).toEqual([]);
    expect(h.hyphenate('word—word', 'en-us', { breakAfterDashes: false })).toEqual([]);
  });

  it('breaks URLs and DOIs at their punctuation without hyphens', () => {
    const url = 'https://example.com/path/to/page?x=1&y=2';
    const b = h.breakPoints(url, 'en-us');
    expect(b.every((x) => x.kind === 'url' && !x.hyphen)).toBe(true);
    expect(marked(url, 'en-us')).toBe('https://|example|.com|/path|/to|/page|?x|=1|&y|=2');
    expect(marked('doi:10.1000/182', 'en-us')).toBe('doi:|10|.1000|/182');
    expect(marked('www.example.org', 'en-us')).toBe('www|.example|.org');
  });
});

describe('hyphenation: penalty items for the breaker', () => {
  it('splits a word into pieces with flagged hyphen penalties between them', () => {
    const word = 'hyphenation';
    const { pieces, penalties } = wordPenalties(word, h.breakPoints(word, 'en-us'), { hyphenWidth: 2.6 });
    expect(pieces.map((p) => p.text)).toEqual(['hy', 'phen', 'ation']);
    expect(penalties).toEqual([
      { type: 'penalty', width: 2.6, penalty: 50, flagged: true },
      { type: 'penalty', width: 2.6, penalty: 50, flagged: true },
    ]);
  });

  it('explicit hyphens, dashes and URLs add no width; soft hyphens vanish from the text', () => {
    const a = wordPenalties('well-known', h.breakPoints('well-known', 'en-us'), { hyphenWidth: 3 });
    expect(a.pieces.map((p) => p.text)).toEqual(['well-', 'known']);
    expect(a.penalties).toEqual([{ type: 'penalty', width: 0, penalty: 50, flagged: true }]);
    const b = wordPenalties('a—b', [{ offset: 2, kind: 'dash', hyphen: false }], { hyphenWidth: 3, dashPenalty: 0 });
    expect(b.penalties).toEqual([{ type: 'penalty', width: 0, penalty: 0, flagged: false }]);
    const c = wordPenalties('sin\u00ADgle', h.breakPoints('sin\u00ADgle', 'en-us'), { hyphenWidth: 3 });
    expect(c.pieces).toEqual([
      { start: 0, end: 4, text: 'sin' },
      { start: 4, end: 7, text: 'gle' },
    ]);
  });
});

describe('words with punctuation around their letters', () => {
  // A book's words carry commas, stops, quotes and brackets: `harbour,` `harbour.` `(harbour`. Their
  // points are the letters' own, moved by what precedes them, and are worked out once for the letters.
  const hy = createHyphenator({ languages: ['en-us', 'de'], loadPatterns });
  const offsets = (word: string, tag = 'en-us') => hy.breakPoints(word, tag).map((b) => b.offset);

  it('break where their letters do, moved by the punctuation before them', () => {
    const bare = offsets('information');
    expect(bare.length).toBeGreaterThan(1);
    for (const suffix of [',', '.', ';', ':', '!', '?', ')', '”', '’', '…', '.”']) expect(offsets(`information${suffix}`)).toEqual(bare);
    for (const prefix of ['(', '“', '‘', '¿', '¡', '«', '"', "'"]) expect(offsets(`${prefix}information`)).toEqual(bare.map((o) => o + prefix.length));
    expect(offsets('(Donaudampfschiff).', 'de')).toEqual(offsets('Donaudampfschiff', 'de').map((o) => o + 1));
  });

  it('share the break list of their letters, so the patterns run once for them', () => {
    const fresh = createHyphenator({ languages: ['en-us'], loadPatterns });
    const bare = fresh.breakPoints('development', 'en-us');
    expect(fresh.breakPoints('development,', 'en-us')).toBe(bare);
    expect(fresh.breakPoints('development.', 'en-us')).toBe(bare);
    // Met first with its comma, the letters' own list is the one the bare word gets later.
    const comma = fresh.breakPoints('environment,', 'en-us');
    expect(fresh.breakPoints('environment', 'en-us')).toBe(comma);
  });

  it('are worked out whole when the punctuation is part of what they are', () => {
    // A DOI or URL prefix, a compound's hyphen, an apostrophe inside, digits: not letters with affixes.
    expect(offsets('doi:')).toEqual(createHyphenator({ languages: ['en-us'], loadPatterns }).breakPoints('doi:', 'en-us').map((b) => b.offset));
    expect(hy.breakPoints('co-operation,', 'en-us').some((b) => b.kind === 'hyphen')).toBe(true);
    expect(offsets('A4paper,')).toEqual([]);
  });
});
