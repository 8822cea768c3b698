import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import anyAscii from 'any-ascii';
import {
  DEVANAGARI_RUN,
  hasDevanagari,
  normalizeDevanagari,
  romanizeWord,
  syllablePieces,
} from './search.devanagari.ts';
import { hinglishLexicon, lexiconWords } from './search.lexicon.ts';
import { rankOf, wordVectors } from './search.vectors.ts';
import {
  DEVANAGARI_STOPWORDS,
  ENGLISH_STOPWORDS,
  HINDI_AND_A_HALF,
  HINDI_MULTIPLIERS,
  HINDI_NUMBERS,
  HINDI_STOPWORDS_DEVANAGARI,
  HINGLISH_RULE_WORDS,
  HINGLISH_STOPWORDS,
} from './search.words.ts';

/**
 * Text in other scripts, read into the Latin words the engine indexes and queries with
 * (search.text.ts calls `toLatin` before canonicalising). A Devanagari word becomes, in order:
 *
 * 1. the Hinglish word it sounds like, when the language layer knows it (search.words.ts,
 *    search.lexicon.ts): "सीखना" → seekhna, "मुफ़्त" → muft, "नौकरी" → naukri — in a query the
 *    parser then reads it exactly as typed Hinglish (fillers dropped, price and level rules,
 *    Hinglish → English); in course text function words are dropped and content words written in
 *    English (naukri → job), so an English query finds the Hindi course;
 * 2. an acronym spelt as letter names: "एसक्यूएल" → sql, "यूआई" → ui;
 * 3. the English word it was borrowed from: "पायथन" → python, "डेटा" → data, "कोर्स" → course,
 *    by sound, from a table derived from the CMU Pronouncing Dictionary for the engine's English
 *    vocabulary (assets/english-sounds.txt, scripts/build-english-sounds.mjs), or two such words
 *    run together ("चैटजीपीटी" → chat + gpt);
 * 4. otherwise its romanisation, spelt one way whatever the nukta or vowel length written, so
 *    the same Hindi word in a query and in a course meets.
 *
 * Other scripts (Tamil, Bengali, Cyrillic …) are romanised by any-ascii, the same way on both
 * sides: a query matches a course written in its script.
 */

// ---- sound keys ----

const VOWEL_SYMBOLS = new Set(['a', 'e', 'i', 'o', 'u']);

/**
 * A romanisation reduced to one symbol per sound, in the classes Hindi spelling of English does
 * not keep apart: aspiration (थ for th, फ for f), nukta (ज़/ज), vowel length, w/v. The symbols are
 * the vowels a e i o u and consonant letters, `c` for ch and `S` for sh.
 */
export function soundKey(roman: string, keepLength = false): string {
  let s = roman
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/chh|ch/g, 'c')
    .replace(/sh/g, 'S')
    .replace(/ph/g, 'f')
    .replace(/([kgjtdbpr])h/g, '$1')
    .replace(/z/g, 'j')
    .replace(/w/g, 'v')
    .replace(/q/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/ee|ii/g, keepLength ? 'ii' : 'i')
    .replace(/oo|uu/g, keepLength ? 'uu' : 'u')
    .replace(/aa/g, keepLength ? 'aa' : 'a')
    .replace(/ei/g, 'e');
  // A y after a vowel is the vowel's glide: "ay" before a consonant is the diphthong ai
  // (पायथन payth·an = python), between vowels it is not written by everyone (liye, lie).
  s = s.replace(/([aeiou])y(?![aeiou])/g, (_m, v: string) => (v === 'a' ? 'ai' : v));
  s = s.replace(/([aeiou])y(?=[aeiou])/g, '$1');
  return s.replace(/([b-df-hj-np-tv-zcS])\1+/g, '$1');
}

/** The consonants of a sound key: words whose consonants differ are never the same loanword. */
const skeleton = (key: string) => key.replace(/[aeiouy]/g, '');
const syllables = (key: string) => key.match(/[aeiou]+/g)?.length ?? 0;

/** Edit distance where vowels cost half (Hindi and English disagree mostly on vowels). */
function soundDistance(a: string, b: string): number {
  const cost = (ch: string) => (VOWEL_SYMBOLS.has(ch) || ch === 'y' || ch === 'h' ? 0.5 : 1);
  let prev = [0];
  for (let j = 1; j <= b.length; j++) prev[j] = prev[j - 1] + cost(b[j - 1]);
  for (let i = 1; i <= a.length; i++) {
    const row = [prev[0] + cost(a[i - 1])];
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1];
      const y = b[j - 1];
      const sub = x === y ? 0 : VOWEL_SYMBOLS.has(x) && VOWEL_SYMBOLS.has(y) ? 0.5 : Math.max(cost(x), cost(y));
      row[j] = Math.min(prev[j] + cost(x), row[j - 1] + cost(y), prev[j - 1] + sub);
    }
    prev = row;
  }
  return prev[b.length];
}

/** How far a Devanagari word may sound from an English one and still be that word. */
function allowance(key: string): number {
  if (key.length <= 3) return 0;
  if (key.length <= 5) return 0.5;
  if (key.length <= 8) return 1;
  return 1.5;
}

// ---- the English table ----

interface Sound {
  word: string;
  key: string;
  /** Lower sorts first among equally close words: lexicon words, then frequent ones, stop words last. */
  prior: number;
  /** A word of the course search's own vocabulary: the lexicon's, or an English stop word. */
  domain: boolean;
}

interface EnglishTable {
  bySkeleton: Map<string, Sound[]>;
  letters: Map<string, string>;
  words: Set<string>;
}

/** Expands a template's alternatives ("d(ai|e)t(a|)") into its spellings, at most `max`. */
export function expandTemplate(template: string, max = 16): string[] {
  let out = [''];
  for (const part of template.split(/(\([^)]*\))/)) {
    if (!part) continue;
    const options = part.startsWith('(') ? part.slice(1, -1).split('|') : [part];
    const next: string[] = [];
    for (const prefix of out) for (const o of options) if (next.length < max) next.push(prefix + o);
    out = next;
  }
  return out;
}

const FILE = 'english-sounds.txt';
let table: EnglishTable | null | undefined;

function englishTable(): EnglishTable | null {
  if (table !== undefined) return table;
  const here = path.dirname(fileURLToPath(import.meta.url));
  // In source: next to this module. In the bundle (dist/server.js): copied by build.mjs.
  const file = [path.join(here, 'assets', FILE), path.join(here, 'search-assets', FILE)].find((f) => existsSync(f));
  if (!file) {
    table = null;
    return table;
  }
  const lexicon = new Set(lexiconWords());
  const vectors = wordVectors();
  const LAST = Number.MAX_SAFE_INTEGER;
  const bySkeleton = new Map<string, Sound[]>();
  const letters = new Map<string, string>();
  const words = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [word, ...templates] = line.split('\t');
    const keys = new Set(templates.flatMap((t) => expandTemplate(t)).map((t) => soundKey(t)));
    if (word.length === 1) {
      for (const k of keys) letters.set(k, word);
      continue;
    }
    words.add(word);
    const stop = ENGLISH_STOPWORDS.has(word);
    const prior = lexicon.has(word) ? -1 : stop ? LAST : (rankOf(vectors, word) ?? LAST - 1);
    // Short stop words are left out: Hindi spells them as they are written (टॉप top, बेस्ट best),
    // and by sound they would take Hindi words (डाइट is not "that").
    if (stop && word.length < 5) continue;
    for (const key of keys) {
      const list = bySkeleton.get(skeleton(key)) ?? [];
      list.push({ word, key, prior, domain: stop || lexicon.has(word) });
      bySkeleton.set(skeleton(key), list);
    }
  }
  table = { bySkeleton, letters, words };
  return table;
}

/**
 * Hindi writes English loanwords with unaspirated stops (थ and फ stand for th and f) and no flap
 * (ड़, ढ़); a word with another aspirate, a flap, a retroflex nasal, ष, ञ, ङ or ऋ is Hindi's own,
 * never looked up in English.
 */
const NATIVE = /[खघछझठढधभणषञङऋ\u0943]|ड\u093c/;

/**
 * Short words (four sounds or less) are where Hindi and English collide by chance (दिल "deal",
 * फल "fall", गीत "git"): they are read as English only when the course search's own vocabulary
 * has the word — its lexicon, its stop words ("कोर्स" course), the price words.
 */
const SHORT = 4;
const PRICE_WORDS = new Set(['free', 'cheap', 'price', 'fees', 'fee']);

/** Lexicographic order of two rankings. */
function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The English word a Devanagari word sounds like, if it is one (within `limit` of its sound). */
function englishWord(devanagari: string, limit?: number): string | undefined {
  const t = englishTable();
  if (!t || NATIVE.test(devanagari.replace(/[खफ]\u093c/g, ''))) return undefined;
  const roman = romanizeWord(devanagari);
  const key = soundKey(roman);
  if (key.length < 2) return undefined;
  let best: { word: string; rank: number[] } | undefined;
  for (const s of t.bySkeleton.get(skeleton(key)) ?? []) {
    if (key.length <= SHORT && !s.domain && !PRICE_WORDS.has(s.word)) continue;
    const d = soundDistance(key, s.key);
    if (d > (limit ?? allowance(key))) continue;
    const sylDiff = Math.abs(syllables(key) - syllables(s.key));
    if (sylDiff > (key.length >= 7 ? 1 : 0)) continue;
    // Equally close: the lexicon's word, then the one spelt more like the Devanagari (ड्रोन is
    // drone, not drawn), then the more frequent.
    const spelling = soundDistance(roman, s.word);
    const rank = [d, s.prior < 0 ? 0 : 1, spelling, s.prior];
    if (!best || before(rank, best.rank)) best = { word: s.word, rank };
  }
  return best?.word;
}

/**
 * An acronym spelt in letter names ("एसक्यूएल" es·kyu·el → sql): syllables grouped into letter
 * names, every group a letter. Two letters must form a word of the vocabulary ("बीवी" is not
 * "bv"); three or more are taken as an acronym.
 */
function acronym(devanagari: string): string | undefined {
  const t = englishTable();
  if (!t) return undefined;
  const pieces = syllablePieces(devanagari);
  // best[i] = letters spelling the first i pieces.
  const best: (string | undefined)[] = [''];
  for (let i = 1; i <= pieces.length; i++) {
    for (let j = Math.max(0, i - 3); j < i && best[i] === undefined; j++) {
      if (best[j] === undefined) continue;
      const letter = t.letters.get(soundKey(romanizeWord(pieces.slice(j, i).join(''))));
      if (letter) best[i] = best[j] + letter;
    }
  }
  const letters = best[pieces.length];
  if (!letters || letters.length < 2) return undefined;
  return letters.length >= 3 || t.words.has(letters) ? letters : undefined;
}

/** Two English words or acronyms run together ("चैटजीपीटी" → chatgpt), when the vocabulary has the compound. */
function compound(devanagari: string): string | undefined {
  const t = englishTable();
  if (!t) return undefined;
  const pieces = syllablePieces(devanagari);
  for (let i = 1; i < pieces.length; i++) {
    const head = pieces.slice(0, i).join('');
    const tail = pieces.slice(i).join('');
    const a = englishWord(head) ?? acronym(head);
    const b = a && (englishWord(tail) ?? acronym(tail));
    if (a && b && t.words.has(a + b)) return a + b;
  }
  return undefined;
}

// ---- the Hindi language layer, by sound ----

/**
 * stop: a function word the parser drops; devanagari-stop: one only in Devanagari (the parser
 * would not know it); rule: a word of the parser's price, level or number rules; content: a
 * word of the Hinglish lexicon.
 */
type Role = 'stop' | 'devanagari-stop' | 'rule' | 'content';

interface HindiWord {
  /** The spelling the query parser and the lexicon know. */
  latin: string;
  role: Role;
  /** Its spelling with vowel length marked the way Devanagari marks it (aa, ii, uu). */
  long: string;
}

/**
 * A sound key that keeps vowel length as spelt: Hinglish marks a long vowel by doubling it (kaam,
 * seekhna, dhoop), but not at the end of a word (seekhna, not seekhnaa).
 */
const lengthKey = (latin: string) => soundKey(latin, true).replace(/aa$/, 'a');

let hindiBySound: Map<string, HindiWord[]> | undefined;

/** Every Hindi word the language layer knows (function words, rule words, lexicon), by sound key. */
function hindiWords(): Map<string, HindiWord[]> {
  if (hindiBySound) return hindiBySound;
  const map = new Map<string, HindiWord[]>();
  const add = (latin: string, role: Role) => {
    const key = soundKey(latin);
    const list = map.get(key) ?? [];
    if (!list.some((h) => h.latin === latin)) list.push({ latin, role, long: lengthKey(latin) });
    map.set(key, list);
  };
  // Rule words first: "tak", "kam", "do" must reach the parser's rules in its spelling.
  for (const w of [...HINGLISH_RULE_WORDS, ...HINDI_NUMBERS.keys(), ...HINDI_MULTIPLIERS.keys(), ...HINDI_AND_A_HALF])
    add(w, 'rule');
  for (const w of HINGLISH_STOPWORDS) add(w, 'stop');
  for (const w of DEVANAGARI_STOPWORDS) add(w, 'devanagari-stop');
  for (const w of hinglishLexicon().hindiWords) add(w, 'content');
  hindiBySound = map;
  return map;
}

/**
 * Keys of a Hindi word's forms, the word itself first: without a nasal ending (करें kare,
 * में me), a plural oblique -on as the singular (लोगों log, बच्चों bachche), -en/-e/-i endings of
 * verbs and adjectives as their -a/-na forms (कमाएं kamae → kamana, सीखनी → sikhna).
 */
export function hindiForms(key: string): string[] {
  const out = [key];
  const base = /[aeiou]n$/.test(key) ? key.slice(0, -1) : key;
  if (base !== key) out.push(base);
  if (base.endsWith('o')) out.push(`${base.slice(0, -1)}e`, `${base.slice(0, -1)}a`, base.slice(0, -1));
  if (base.endsWith('e')) out.push(`${base.slice(0, -1)}a`, `${base.slice(0, -1)}na`, `${base}na`);
  if (base.endsWith('i')) out.push(`${base.slice(0, -1)}a`);
  return [...new Set(out)].filter((k) => k.length >= 2);
}

/**
 * The Hindi word of the language layer a Devanagari word is (or is a form of). काम (kaam, work)
 * and कम (kam, less) share a key: the spelling with the same vowel lengths wins. A function word
 * spelt with other vowel lengths yields to an English word that sounds exactly like the
 * Devanagari: "कार" is car, not "kar" (do, कर).
 */
function hindiWord(word: string): HindiWord | undefined {
  const map = hindiWords();
  const long = lengthKey(romanizeWord(word, true));
  // As said (schwa deleted), then as spelt letter by letter (Hinglish spellings do both).
  const said = hindiForms(soundKey(romanizeWord(word)));
  const spelt = hindiForms(soundKey(romanizeWord(word, false, true)));
  for (const key of new Set([...said, ...spelt])) {
    const list = map.get(key);
    if (!list) continue;
    const same = list.find((h) => h.long === long);
    if (same) return same;
    if (list[0].role === 'stop' && englishWord(word, 0)) return undefined;
    return list[0];
  }
  return undefined;
}

/** How one Devanagari word reads in Latin: in a query, and in course text (null: not indexed). */
interface Reading {
  query: string;
  text: string | null;
  /**
   * unknown: read as itself (no Hindi or English word known), Hindi the parser must not
   * spell-correct; filler: a function word the parser does not know in Latin ("logon" is Hindi's
   * people only in Devanagari), for its rules to read and then drop.
   */
  kind?: 'unknown' | 'filler';
}

const readings = new Map<string, Reading>();
const MAX_CACHED = 50_000;

function readWord(word: string): Reading {
  const cached = readings.get(word);
  if (cached) return cached;
  let reading: Reading;
  const hindi = hindiWord(word);
  if (hindi) {
    // Course text: function words carry no topic, nor do rule words without an English meaning
    // ("kam", "tak"); content words are written in English where the layer knows it.
    const english = hinglishLexicon().toEnglish.get(hindi.latin);
    const text =
      hindi.role === 'stop' || hindi.role === 'devanagari-stop'
        ? null
        : hindi.role === 'rule'
          ? (english ?? null)
          : (english ?? hindi.latin);
    reading = { query: hindi.latin, text, kind: hindi.role === 'devanagari-stop' ? 'filler' : undefined };
  } else if (HINDI_STOPWORDS_DEVANAGARI.has(word)) {
    reading = { query: '', text: null };
  } else {
    const english = acronym(word) ?? englishWord(word) ?? compound(word);
    // Unknown Hindi: one spelling whatever the nukta (ज़/ज) a writer used.
    const latin = english ?? romanizeWord(word).replace(/z/g, 'j');
    reading = { query: latin, text: latin, kind: english ? undefined : 'unknown' };
  }
  if (readings.size >= MAX_CACHED) readings.clear();
  readings.set(word, reading);
  return reading;
}

/** Letters of scripts other than Latin and Devanagari. */
const OTHER_SCRIPT = /[^\p{Script=Latin}\p{Script=Devanagari}\p{Script=Common}\p{Script=Inherited}]+/gu;

/**
 * Text with every word of another script read into Latin letters (see above). `forQuery`: a
 * query keeps Hindi function and rule words (in their Hinglish spelling) for the parser; course
 * text drops them and writes known Hindi words in English. Latin text is returned unchanged.
 * `read` collects the query's Devanagari words read as themselves (no Hindi or English word) and
 * its Devanagari-only function words, for the parser.
 */
export interface ReadWords {
  unknown: Set<string>;
  fillers: Set<string>;
}

export function toLatin(text: string, forQuery: boolean, read?: ReadWords): string {
  let s = text;
  if (hasDevanagari(s)) {
    s = normalizeDevanagari(s).replace(DEVANAGARI_RUN, (word) => {
      const r = readWord(word);
      if (r.kind) read?.[r.kind === 'unknown' ? 'unknown' : 'fillers'].add(r.query);
      return ` ${forQuery ? r.query : (r.text ?? '')} `;
    });
  }
  return s.replace(OTHER_SCRIPT, (run) => ` ${anyAscii(run)} `);
}
