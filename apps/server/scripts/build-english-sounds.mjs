#!/usr/bin/env node
// Builds the table of how English words sound when Hindi writes them, which the search engine
// uses to read Devanagari loanwords ("पायथन", "डेटा साइंस", "एक्सेल") as the English words they
// are (search.translit.ts):
//   apps/server/src/modules/search/engine/assets/english-sounds.txt
//
// Its words are the engine's English vocabulary: the words of the shipped word vectors and every
// word the search lexicon mentions, plus the 26 letter names (for acronyms such as "एसक्यूएल").
// Each word's pronunciations come from the CMU Pronouncing Dictionary (the npm package
// `cmu-pronouncing-dictionary`, a devDependency) and are written in the Devanagari romanisation of
// search.devanagari.ts, sound by sound: AY → ai, AE → ai/e/a (हैकिंग, मैनेजमेंट, ग्राम), ER → ar,
// W → v, an unstressed AH → a or nothing (Hindi drops it too: डेवलपमेंट devlapment) … Words the
// dictionary lacks (mostly product names: "kotlin", "figma") are spelled out by English spelling
// rules. Run after either source changes:
//
//   node --import tsx apps/server/scripts/build-english-sounds.mjs
//
// Format: one line per word, `word<TAB>template[<TAB>template…]`, a template being romanised
// letters with alternatives in parentheses ("d(ai|e|a)t(a|)"); lines starting with # are comments.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dictionary } from 'cmu-pronouncing-dictionary';

const here = path.dirname(fileURLToPath(import.meta.url));
const assets = path.resolve(here, '../src/modules/search/engine/assets');
const out = path.join(assets, 'english-sounds.txt');

const { lexiconWords } = await import('../src/modules/search/engine/search.lexicon.ts');
const { parseWordVectors } = await import('../src/modules/search/engine/search.vectors.ts');
const vectors = parseWordVectors(readFileSync(path.join(assets, 'word-vectors.bin')));

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');
/** India says "zed" (ज़ेड), not the dictionary's American "zee" (which would read as जी, G). */
const LETTER_NAMES = { z: '(z|j)ed' };
const lexicon = new Set(lexiconWords());
const { ENGLISH_STOPWORDS } = await import('../src/modules/search/engine/search.words.ts');
// English stop words too ("course", "online", "best"): a Devanagari "कोर्स" is then a stop word as well.
const words = [...new Set([...vectors.words, ...lexiconWords(), ...ENGLISH_STOPWORDS])]
  .filter((w) => /^[a-z][a-z0-9]+$/.test(w))
  .sort();

/** ARPAbet vowels (stress stripped) → Hindi romanisation; alternatives where Hindi writes it several ways. */
const VOWELS = {
  AA: '(a|o)',
  AE: '(ai|e|a)',
  AH: 'a',
  AO: '(o|a)',
  AW: 'au',
  AY: 'ai',
  EH: 'e',
  ER: 'ar',
  EY: 'e',
  IH: 'i',
  IY: 'i',
  OW: 'o',
  OY: 'oi',
  UH: 'u',
  UW: 'u',
};
const CONSONANTS = {
  B: 'b',
  CH: 'ch',
  D: 'd',
  DH: 'd',
  F: 'f',
  G: 'g',
  HH: 'h',
  JH: 'j',
  K: 'k',
  L: 'l',
  M: 'm',
  N: 'n',
  NG: 'ng',
  P: 'p',
  R: 'r',
  S: 's',
  SH: 'sh',
  T: 't',
  TH: 'th',
  V: 'v',
  W: 'v',
  Y: 'y',
  // Hindi writes an English z as ज़, ज or स ("बिज़नेस", "बिजनेस"; plurals "फॉलोअर्स").
  Z: '(z|s)',
  ZH: 'z',
};

/** One CMU pronunciation as a template. */
function fromPhonemes(phones) {
  const list = phones.split(' ');
  let t = '';
  for (const [i, p] of list.entries()) {
    const base = p.replace(/\d$/, '');
    const stress = p.match(/\d$/)?.[0];
    const next = list[i + 1]?.replace(/\d$/, '');
    if (base in VOWELS) {
      // Unstressed schwa: Hindi writes a or nothing; AA before R is the a of "market" (मार्केट);
      // AW before a vowel takes a v as its glide ("power" पावर, "tower" टावर).
      // (Only inside the word: Hindi writes a first or last schwa, अ and ा: "एजेंडा", "डेटा".)
      if (base === 'AH' && stress !== '1' && i > 0 && i < list.length - 1) t += '(a|)';
      else if (base === 'AA' && next === 'R') t += 'a';
      else if (base === 'AW' && next && next in VOWELS) t += '(au|av)';
      else t += VOWELS[base];
    } else if (base === 'NG' && (next === 'K' || next === 'G')) {
      t += 'n';
    } else {
      t += CONSONANTS[base] ?? '';
    }
  }
  return t;
}

/** English spelling rules for words the dictionary lacks (placeholders first, then their alternatives). */
function fromSpelling(word) {
  const s = word
    .replace(/[0-9]/g, '')
    .replace(/tion|sion/g, 'shAn')
    .replace(/t?ch/g, 'C')
    .replace(/ph/g, 'f')
    .replace(/ck/g, 'k')
    .replace(/qu/g, 'kv')
    .replace(/x/g, 'ks')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/c/g, 'k')
    .replace(/ee|ea/g, 'I')
    .replace(/oo/g, 'U')
    .replace(/ou/g, 'W')
    .replace(/([^aeiou])e$/, '$1')
    .replace(/([b-df-hj-np-tv-z])\1/g, '$1')
    .replace(/(?<=.)y/g, 'Y')
    .replace(/w/g, 'v');
  const alternatives = { a: '(a|e)', i: '(i|ai)', Y: '(i|ai)', u: '(a|u)', A: 'a', I: 'i', U: 'u', W: 'au', C: 'ch' };
  return s.replace(/[aiYuAIUWC]/g, (ch) => alternatives[ch]);
}

const pronunciations = (w) =>
  [w, `${w}(2)`, `${w}(3)`, `${w}(4)`].flatMap((k) => (dictionary[k] ? [dictionary[k]] : []));

const lines = [
  `# How English words sound written in Devanagari (romanised); built by apps/server/scripts/build-english-sounds.mjs`,
  `# from cmu-pronouncing-dictionary@${JSON.parse(readFileSync(createRequire(import.meta.url).resolve('cmu-pronouncing-dictionary/package.json'), 'utf8')).version} and the engine's vocabulary. Do not edit by hand.`,
];
let fromDictionary = 0;
let written = 0;
for (const w of [...LETTERS, ...words]) {
  if (LETTER_NAMES[w]) {
    lines.push(`${w}\t${LETTER_NAMES[w]}`);
    continue;
  }
  const phones = pronunciations(w);
  // "a" is also the article (AH0); as a letter it is only EY.
  const usable = w.length === 1 ? phones.filter((p) => !/^AH/.test(p)) : phones;
  // Spelling rules only for the lexicon's words (product names); the word vectors' other words
  // missing from the dictionary are mostly abbreviations and foreign names ("nyt").
  if (!usable.length && !lexicon.has(w)) continue;
  const templates = usable.length ? [...new Set(usable.map(fromPhonemes))] : [fromSpelling(w)];
  if (usable.length) fromDictionary++;
  lines.push(`${w}\t${templates.join('\t')}`);
  written++;
}
writeFileSync(out, `${lines.join('\n')}\n`);
console.error(`wrote ${out}: ${written} words, ${fromDictionary} from the dictionary, the rest by spelling`);
