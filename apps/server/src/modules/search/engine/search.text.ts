/**
 * Text canonicalisation shared by the index (course text) and the query parser, so both
 * sides see the same words: lower case, no accents, tech names with punctuation spelled as
 * plain words (`node.js` → `nodejs node`, `c++` → `cplusplus`), hyphenated words both
 * joined and split, everything else that is not a letter or digit turned into a space.
 * The output only contains `[a-z0-9]` words separated by single spaces, which is what
 * PostgreSQL's text-search parser then tokenises identically on PGlite and the server.
 */

import { toLatin } from './search.translit.ts';

const SPECIAL: [RegExp, string][] = [
  [/\bc\+\+/g, ' cplusplus '],
  [/\bc#/g, ' csharp '],
  [/\bf#/g, ' fsharp '],
  [/(^|[^a-z0-9])\.net\b/g, '$1 dotnet '],
  [/\bvb\.net\b/g, ' vbnet '],
  [/\ba\/b\b/g, ' ab abtesting '],
  [/\bi\/o\b/g, ' io '],
  [/\bu\.s\.?\b/g, ' us '],
  [/\bwi-?fi\b/g, ' wifi '],
  [/\be-?mail\b/g, ' email '],
  [/\be-?commerce\b/g, ' ecommerce '],
  [/\be-?book(s?)\b/g, ' ebook$1 '],
  // "No-code" courses are not about code: their text keeps the name, not the bare word
  // ("bina coding ke" is Hinglish for "without coding").
  [/\b(?:no[- ]?code|(?:without|bina)\s+(?:writing\s+|any\s+)?(?:code|coding)(?:\s+ke)?)\b/g, ' nocode no '],
  [/\blow-?code\b/g, ' lowcode low code '],
  [/\bfull-?stack\b/g, ' fullstack full stack '],
  [/\bfront-?end\b/g, ' frontend front end '],
  [/\bback-?end\b/g, ' backend back end '],
  // `node.js`, `vue.js`, `three.js` → `nodejs node`; "node js", "react js" likewise.
  [/\b(node|vue|next|nuxt|nest|three|d3|p5|chart|ember|backbone|alpine|solid)js\b/g, ' $1js $1 '],
  [/\b([a-z][a-z0-9]*)\.js\b/g, ' $1js $1 '],
  [
    /\b(node|react|vue|next|nuxt|nest|express|angular|three|d3|p5|chart|svelte|ember|backbone|alpine|solid)[ -]js\b/g,
    ' $1js $1 ',
  ],
];

const RUPEE = /₹/g;

/** `to` with `$1`… replaced by the match's groups (String.replace semantics, groups only). */
function expand(to: string, _match: string, args: unknown[]): string {
  return to.replace(/\$(\d)/g, (_m, i: string) => String(args[Number(i) - 1] ?? ''));
}

/**
 * Lower case, strip accents and apply the special spellings. Course text keeps both the
 * joined and the split forms ("front-end" → "frontend front end") so either spelling in a
 * query matches; a query (`forQuery`) keeps only the joined form, one word per concept.
 */
export function canonicalize(text: string, forQuery = false): string {
  // Words of other scripts first become Latin ones (Devanagari by sound, search.translit.ts).
  let s = toLatin(text, forQuery)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // Plural acronyms ("LLMs", "KPIs", "MCQs"): the stemmer keeps their s, so drop it here.
    .replace(/\b([A-Z][A-Z0-9]*[A-Z])s\b/g, '$1')
    .toLowerCase()
    // Lower-case ones too when the word has no vowel ("llms", "pdfs"), which no English plural lacks.
    .replace(/\b([b-df-hj-np-tv-z]{3,})s\b/g, '$1')
    .replace(RUPEE, ' rs ')
    .replace(/[’‘`]/g, "'");
  for (const [re, to] of SPECIAL) {
    if (forQuery) s = s.replace(re, (m: string, ...g: unknown[]) => ` ${expand(to, m, g).trim().split(' ')[0]} `);
    else s = s.replace(re, to);
  }
  // Short pairs written with a slash ("CI/CD", "UI/UX", "TCP/IP") are two words; course text
  // also keeps the joined form, which a query reaches through its joined-concept variants.
  s = s.replace(/\b([a-z]{1,5})\/([a-z]{1,5})\b/g, (_m, a: string, b: string) =>
    forQuery ? ` ${a} ${b} ` : ` ${a} ${b} ${a}${b} `,
  );
  // Possessives and contractions: "month's" → "month", "what's" → "what".
  s = s.replace(/([a-z])'(s|re|ve|ll|d|m|t)\b/g, '$1');
  // Negated compounds name what a course is not about ("for non-programmers", "no-nonsense"):
  // their text keeps the compound and the negation, not the bare word.
  s = s.replace(/\bnon[- ]([a-z]+)\b|\bno-([a-z]+)\b/g, (_m, non?: string, no?: string) => {
    const joined = non ? `non${non}` : `no${no}`;
    return forQuery ? ` ${joined} ` : ` ${joined} ${non ? 'non' : 'no'} `;
  });
  // A query's "OSCP-like", "project-based", "beginner-friendly": the head word is the subject.
  if (forQuery) s = s.replace(/\b([a-z0-9]+)-(?:like|style|based|friendly|ready|related|focused)\b/g, ' $1 ');
  // Hyphenated words: keep the joined form and the parts ("e-learning" → "elearning e learning").
  s = s.replace(/\b([a-z0-9]+)-([a-z0-9]+)(?:-([a-z0-9]+))?\b/g, (_m, a: string, b: string, c?: string) =>
    forQuery ? ` ${a}${b}${c ?? ''} ` : c ? ` ${a}${b}${c} ${a} ${b} ${c} ` : ` ${a}${b} ${a} ${b} `,
  );
  // Thousands separators and "1k"/"2.5k" amounts stay numbers.
  s = s.replace(/(\d),(\d{3})\b/g, '$1$2');
  s = s.replace(/\b(\d+(?:\.\d+)?)k\b/g, (_m, n: string) => String(Math.round(Number(n) * 1000)));
  s = s.replace(/[^a-z0-9.]+/g, ' ').replace(/\.(?!\d)|(?<!\d)\./g, ' ');
  return s.replace(/\s+/g, ' ').trim();
}

/** Words of a canonical string (`[a-z0-9.]+`). */
export function words(canonical: string): string[] {
  return canonical ? canonical.split(' ') : [];
}

/** A word that can be a text-search lexeme key: letters/digits only, not a pure number. */
export const isIndexableWord = (w: string) => /^[a-z0-9]+$/.test(w) && /[a-z]/.test(w) && w.length <= 40;
