import { CATEGORIES, type Category, LEVELS, type Level } from '@kaksha/contracts';
import { hinglishToEnglish, isLexiconPhrase, lexiconWords, MAX_PHRASE_WORDS } from './search.lexicon.ts';
import { canonicalize, words } from './search.text.ts';
import { type ReadWords, toLatin } from './search.translit.ts';
import { wordVectors } from './search.vectors.ts';
import {
  ENGLISH_STOPWORDS,
  HINDI_AND_A_HALF,
  HINDI_MULTIPLIERS,
  HINDI_NUMBERS,
  HINGLISH_STOPWORDS,
} from './search.words.ts';

/**
 * Query understanding: turns what a learner typed or said into constraints (price, level,
 * category), a ranking wish, and the topic as an ordered list of concepts (a lexicon
 * phrase such as "machine learning" or a single content word). Fillers ("uh", "can you
 * show me", "mujhe … seekhna hai") are dropped.
 */

export type SortWish = 'rating' | 'popular';

export interface PriceRange {
  /** Inclusive bounds in whole rupees. */
  min?: number;
  max?: number;
}

export interface Constraints {
  price?: PriceRange;
  level?: Level;
  category?: Category;
}

export interface Concept {
  /** Canonical phrase (one or more words). */
  phrase: string;
  /** Other canonical phrases that also express it (from the LLM), matched a little weaker. */
  alternatives?: string[];
}

export interface ParsedQuery {
  concepts: Concept[];
  constraints: Constraints;
  sort?: SortWish;
}

/** Generic verbs and adjectives: topic words, but weak ones. */
const WEAK = `
make making made build building built create creating use using used work working do new own home easy simple
quick quickly fast faster complete full practical real world life people everyday daily help better improve improving
basic basics fundamentals intro introduction guide step scratch zero play playing watch
tips tricks advice ideas idea boring tedious repetitive fun interesting amazing perfect useful important hard
difficult tough small big little large short long
`;

const toSet = (s: string) => new Set(s.split(/\s+/).filter(Boolean));
export const QUERY_STOPWORDS = new Set([...ENGLISH_STOPWORDS, ...HINGLISH_STOPWORDS]);
const WEAK_WORDS = toSet(WEAK);
/** A weak word, or one of its -s forms ("works", "helps" of "work", "help"). */
export const isWeakWord = (w: string) => WEAK_WORDS.has(w) || (w.endsWith('s') && WEAK_WORDS.has(w.slice(0, -1)));

// ---- constraints ----

const NUM = String.raw`(\d+(?:\.\d+)?)(?![\d.])`;
const CUR = '(?:rs|inr|rupees?|rupaye|rupay|rupye|rupiya|rupaiya|bucks)';
/** Units after a number that make it no price: durations (English and Hindi), counts, percentages. */
const NOT_MONEY = String.raw`(?!\s*(?:days?|hours?|hrs?|weeks?|months?|years?|mins?|minutes?|seconds?|din|dino|dinon|ghante|ghanta|hafte|hafta|mahine|mahina|saal|lectures?|videos?|lessons?|courses?|projects?|percent|%|k\b|d\b))`;

interface Rule {
  re: RegExp;
  apply: (m: RegExpMatchArray, c: Constraints) => void;
}

/** Prices are stored as PostgreSQL integers: a larger bound would overflow the comparison. */
export const MAX_PRICE = 2_147_483_647;
const clampPrice = (n: number) => Math.min(MAX_PRICE, Math.max(0, n));
const setMax = (c: Constraints, max: number) => {
  c.price = { ...c.price, max: clampPrice(Math.min(c.price?.max ?? Number.POSITIVE_INFINITY, Math.floor(max))) };
};
const setMin = (c: Constraints, min: number) => {
  c.price = { ...c.price, min: clampPrice(Math.max(c.price?.min ?? 0, Math.ceil(min))) };
};

/** "cheap" and its synonyms: at most ₹500 (the marketplace's convention). */
export const CHEAP_MAX_PRICE = 500;

const PRICE_RULES: Rule[] = [
  // between 500 and 1000 rupees / 500 to 1000 rs / 500-1000 / 500 se 1000 tak / 500 aur 1000 ke beech
  {
    re: new RegExp(
      String.raw`\b(?:between\s+)?(?:${CUR}\s*)?${NUM}\s*(?:${CUR}\s*)?(?:and|to|se|aur)\s+(?:${CUR}\s*)?${NUM}\s*(?:(?:${CUR}\s*)?(?:ke\s+)?(?:beech|bich)|${CUR}|tak)\b`,
      'g',
    ),
    apply: (m, c) => {
      setMin(c, Number(m[1]));
      setMax(c, Number(m[2]));
    },
  },
  // strictly below: under 500, below rs 1000, less than 800 rupees, cheaper than 999
  {
    re: new RegExp(
      String.raw`\b(?:under|below|beneath|less\s+than|lesser\s+than|lower\s+than|cheaper\s+than|<)\s*(?:${CUR}\s*)?${NUM}${NOT_MONEY}\s*(?:${CUR}\b)?(?:\s*only)?`,
      'g',
    ),
    apply: (m, c) => setMax(c, Number(m[1]) - 1),
  },
  // at most: up to 500, within 1000, max 700, at most 999, budget 500, not more than 600
  {
    re: new RegExp(
      String.raw`\b(?:up\s*to|upto|within|max(?:imum)?|at\s+most|not\s+more\s+than|no\s+more\s+than|budget(?:\s+(?:of|is))?|price\s+(?:limit|cap)(?:\s+of)?)\s*(?:${CUR}\s*)?${NUM}${NOT_MONEY}\s*(?:${CUR}\b)?`,
      'g',
    ),
    apply: (m, c) => setMax(c, Number(m[1])),
  },
  // 500 or less / 500 and below / 500 max
  {
    re: new RegExp(
      String.raw`\b(?:${CUR}\s*)?${NUM}\s*(?:${CUR}\s*)?(?:or|and)\s+(?:less|below|under|lower|cheaper)\b`,
      'g',
    ),
    apply: (m, c) => setMax(c, Number(m[1])),
  },
  // Hinglish: 500 se kam (me) = less than 500; 500 tak / 500 ke andar = up to 500
  {
    re: new RegExp(
      String.raw`\b(?:${CUR}\s*)?${NUM}\s*(?:${CUR}\s*)?(?:se\s+(?:kam|sasta|saste|sasti|neeche|niche)|ke\s+(?:neeche|niche|under|andar))\b`,
      'g',
    ),
    apply: (m, c) => setMax(c, Number(m[1]) - 1),
  },
  {
    re: new RegExp(String.raw`\b(?:${CUR}\s*)?${NUM}\s*(?:${CUR}\s*)?(?:tak|takk)\b`, 'g'),
    apply: (m, c) => setMax(c, Number(m[1])),
  },
  // Hindi: "500 rupaye mein" (for 500) = up to 500 — the currency word makes it a price.
  {
    re: new RegExp(String.raw`\b(?:${CUR}\s*${NUM}|${NUM}\s*${CUR})\s*(?:me|mein|main|wala|wali|wale)\b`, 'g'),
    apply: (m, c) => setMax(c, Number(m[1] ?? m[2])),
  },
  // at least: above 1000, over rs 500, more than 2000, minimum 500, 1000 se zyada
  {
    re: new RegExp(
      String.raw`\b(?:above|over|more\s+than|greater\s+than|at\s+least|min(?:imum)?)\s*(?:${CUR}\s*)?${NUM}${NOT_MONEY}\s*(?:${CUR}\b)?`,
      'g',
    ),
    apply: (m, c) => setMin(c, Number(m[1]) + (/at\s+least|min/.test(m[0]) ? 0 : 1)),
  },
  {
    re: new RegExp(String.raw`\b(?:${CUR}\s*)?${NUM}\s*(?:${CUR}\s*)?se\s+(?:zyada|jyada|upar|adhik)\b`, 'g'),
    apply: (m, c) => setMin(c, Number(m[1]) + 1),
  },
  // free
  {
    re: /\b(?:free(?:\s+of\s+(?:cost|charge))?|for\s+free|free\s+(?:me|mein|main)|(?:muft|nishulk)(?:\s+(?:me|mein|main))?|mufat|bina\s+(?:paise|paison|paiso|fees?)(?:\s+ke)?|no\s+cost|zero\s+cost|without\s+(?:paying|payment|any\s+cost)|(?:rs\s*)?0\s*(?:rs|rupees?|inr))\b/g,
    apply: (_m, c) => setMax(c, 0),
  },
  // cheap
  {
    re: /\b(?:cheap|cheaper|cheapest|affordable|inexpensive|budget(?:\s+friendly)?|low\s+(?:cost|price|priced|budget)|pocket\s+friendly|sasta|sasti|saste|kam\s+(?:daam|dam|paise|paisa|price|kimat|keemat|fees?))\b/g,
    apply: (_m, c) => setMax(c, CHEAP_MAX_PRICE),
  },
];

const LEVEL_RULES: [RegExp, Level][] = [
  [
    /\b(?:(?:absolute|complete|total|total)\s+)?(?:beginners?|newbies?|novices?|starters?|noobs?|dummies)(?:\s+level)?\b|\b(?:shuruati|shuruaati|prarambhik|aarambhik|nausikhiya|nausikhiye)(?:\s+(?:log|logon|star|level|learners?|students?))?\b|\b(?:naye|naya|nayi|nae)\s+(?:log|logon|logo|learners?|students?|sikhne\s+wale|sikhne\s+walon)\b|\bfor\s+(?:the\s+)?first\s+time(?:rs)?\b|\bentry\s+level\b|\bno\s+(?:prior\s+)?(?:experience|knowledge|background)\b|\bnever\s+(?:coded|programmed|done)\b|\bfrom\s+(?:zero|scratch|the\s+ground\s+up)\b|\bzero\s+to\b|\b(?:bilkul\s+)?(?:shuru|shuruat|shuruaat|shuruwat)(?:\s+se)?\b|\bzero\s+se\b|\bbasic\s+se\b|\bintroductory\b|\bbasics?\b|\bfundamentals?\b/g,
    'Beginner',
  ],
  [
    /\bintermediate(?:\s+level)?\b|\bmid\s+level\b|\bsome\s+experience\b|\bmadhyam(?:\s+(?:star|level))?\b/g,
    'Intermediate',
  ],
  [
    /\badvanced?(?:\s+level)?\b|\bexperts?\b|\bexpert\s+level\b|\bin\s+depth\b|\bdeep\s+dive\b|\bsenior\s+level\b|\bunnat(?:\s+(?:star|level))?\b|\bvisheshagya\b|\bgehrai\s+se\b/g,
    'Advanced',
  ],
];

const SORT_RULES: [RegExp, SortWish][] = [
  [
    /\b(?:best|top|highest|highly|well)\s+(?:rated|reviewed|ratings?|reviews?)\b|\bmost\s+(?:liked|loved)\b|\bgood\s+(?:ratings?|reviews?)\b/g,
    'rating',
  ],
  [
    /\b(?:most\s+)?popular\b|\btrending\b|\bbest\s*sell(?:ing|er|ers)\b|\bmost\s+(?:enrolled|bought|sold)\b|\bmost\s+students\b|\b(?:sabse\s+)?(?:lok(?:a)?priya|mashhoor)\b/g,
    'popular',
  ],
];

/** Category names and their canonical words (the query mentions a category by name). */
const CATEGORY_PATTERNS: [RegExp, Category][] = CATEGORIES.filter((c) => c !== 'Others').map((c) => [
  new RegExp(`\\b${canonicalize(c).replace(/ /g, '\\s+')}\\b`),
  c,
]);

/**
 * Parses a query. Constraints are removed from the text; what remains is the topic.
 */
export function parseQuery(input: string): ParsedQuery {
  // Devanagari is read into Hinglish and English words first; the words read as themselves are
  // Hindi the lexicon's spelling correction must leave alone ("खींचें" is not "kitchen").
  const read: ReadWords = { unknown: new Set(), fillers: new Set() };
  const latin = toLatin(input, true, read);
  const hindi = read.unknown;
  const correct = (w: string) => (hindi.has(w) ? w : correctConstraintWord(w));
  let text = ` ${hindiNumbers(words(canonicalize(latin, true)).map(correct)).join(' ')} `;
  const constraints: Constraints = {};
  let sort: SortWish | undefined;

  for (const rule of PRICE_RULES) {
    text = text.replace(rule.re, (...args) => {
      rule.apply(args as unknown as RegExpMatchArray, constraints);
      return ' ';
    });
  }
  for (const [re, wish] of SORT_RULES) {
    text = text.replace(re, () => {
      sort ??= wish;
      return ' ';
    });
  }
  for (const [re, level] of LEVEL_RULES) {
    text = text.replace(re, () => {
      constraints.level ??= level;
      return ' ';
    });
  }
  if (
    constraints.price?.max !== undefined &&
    constraints.price.min !== undefined &&
    constraints.price.min > constraints.price.max
  ) {
    constraints.price = { max: constraints.price.max };
  }
  for (const [re, category] of CATEGORY_PATTERNS) {
    if (re.test(text)) {
      constraints.category = category;
      break;
    }
  }

  // Remaining currency words and bare numbers are not topics, except a number that ends a
  // name ("form 16", "python 3", "windows 11"): right after a content word, before no other.
  const all = words(text.replace(/\b(?:rs|inr|rupees?|rupaye|rupay)\b/g, ' ').trim());
  const content = (w: string | undefined) => !!w && /^[a-z]/.test(w) && !QUERY_STOPWORDS.has(w);
  const tokens = all.filter(
    (w, i) =>
      w.length <= 40 &&
      !read.fillers.has(w) &&
      (!/^\d+(\.\d+)?$/.test(w) || (content(all[i - 1]) && !content(all[i + 1]))),
  );
  return { concepts: conceptsOf(tokens.map((w) => (hindi.has(w) ? w : correctSpelling(w)))), constraints, sort };
}

const isNumberWord = (w: string) => HINDI_NUMBERS.has(w) || /^\d+(?:\.\d+)?$/.test(w);

/**
 * Hindi amounts in words as digits: "paanch sau" 500, "do hazaar paanch sau" 2500, "dedh hazaar"
 * 1500, "saadhe teen sau" 350, "5 sau" 500. Only a run that has a multiplier (sau, hazaar, lakh)
 * is an amount: "ek", "do" alone are also "a" and "give".
 */
export function hindiNumbers(tokens: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let j = i;
    let total = 0;
    let pending = 0;
    let half = false;
    let scaled = false;
    while (j < tokens.length) {
      const w = tokens[j];
      if (HINDI_AND_A_HALF.has(w)) half = true;
      else if (isNumberWord(w)) {
        pending += (HINDI_NUMBERS.get(w) ?? Number(w)) + (half ? 0.5 : 0);
        half = false;
      } else if (HINDI_MULTIPLIERS.has(w) && (pending || half)) {
        total += (pending || 1) * (HINDI_MULTIPLIERS.get(w) ?? 1);
        pending = 0;
        half = false;
        scaled = true;
      } else break;
      j++;
    }
    if (scaled) {
      out.push(String(Math.round(total + pending)));
      i = j;
    } else {
      out.push(tokens[i]);
      i++;
    }
  }
  return out;
}

let domainWords: Map<number, string[]> | undefined;

/** Lexicon words by length, for spelling correction. */
function domainWordsByLength() {
  if (!domainWords) {
    domainWords = new Map();
    for (const w of lexiconWords()) {
      if (!/^[a-z]{3,}$/.test(w)) continue;
      domainWords.set(w.length, [...(domainWords.get(w.length) ?? []), w]);
    }
  }
  return domainWords;
}

/**
 * A word that is neither English we know, nor Hinglish, nor a domain term, but one or two
 * edits away from a domain term ("machne", "pyhton", "javscript") is read as that term,
 * before phrases are recognised. Catalogue-specific typos are corrected later, against the
 * index's own vocabulary (pg_trgm).
 */
export function correctSpelling(w: string): string {
  if (w.length < 4 || w.length > 20 || !/^[a-z]+$/.test(w)) return w;
  if (QUERY_STOPWORDS.has(w) || hinglishToEnglish(w) || wordVectors()?.index.has(w)) return w;
  const byLength = domainWordsByLength();
  const allowed = w.length <= 6 ? 1 : 2;
  // A misspelling can share a domain word's light stem ("marketting", like "market"): it is a
  // lexicon head by stem, but course text spells it right, so it still takes the closest word.
  if (isLexiconPhrase(w)) {
    if (byLength.get(w.length)?.includes(w)) return w;
    return closestWithin(w, (byLength.get(w.length - 1) ?? []).concat(byLength.get(w.length + 1) ?? []), 1) ?? w;
  }
  const near: string[] = [];
  for (let len = w.length - allowed; len <= w.length + allowed; len++) near.push(...(byLength.get(len) ?? []));
  return closestWithin(w, near, allowed) ?? w;
}

/** The candidate fewest edits from `w` (the first of equals), if any is within `allowed`. */
function closestWithin(w: string, candidates: Iterable<string>, allowed: number): string | undefined {
  let best: { word: string; d: number } | undefined;
  for (const cand of candidates) {
    const d = osaDistance(w, cand, allowed);
    if (d <= allowed && (!best || d < best.d)) best = { word: cand, d };
  }
  return best?.word;
}

/** Words of the level and price rules long enough to be recognised when misspelt. */
const CONSTRAINT_WORDS = [
  'beginner',
  'beginners',
  'intermediate',
  'advanced',
  'experts',
  'fundamentals',
  'introductory',
  'affordable',
  'inexpensive',
  'cheapest',
];

/** "begginers", "intermediat", "advnced": a misspelt constraint word is read as that word. */
function correctConstraintWord(w: string): string {
  if (w.length < 6 || !/^[a-z]+$/.test(w) || QUERY_STOPWORDS.has(w) || wordVectors()?.index.has(w)) return w;
  return closestWithin(w, CONSTRAINT_WORDS, w.length <= 7 ? 1 : 2) ?? w;
}

/** Optimal-string-alignment distance, giving up above `max`. */
export function osaDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
      rowMin = Math.min(rowMin, d[i][j]);
    }
    if (rowMin > max) return max + 1;
  }
  return d[a.length][b.length];
}

/** Greedy longest-phrase segmentation of the topic words into concepts. */
export function conceptsOf(tokens: string[]): Concept[] {
  const out: Concept[] = [];
  const seen = new Set<string>();
  const push = (phrase: string) => {
    if (!seen.has(phrase)) {
      seen.add(phrase);
      out.push({ phrase });
    }
  };
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, tokens.length - i); n >= 2; n--) {
      const phrase = tokens.slice(i, i + n).join(' ');
      const english = hinglishToEnglish(phrase);
      if (english || isLexiconPhrase(phrase)) {
        push(english ?? phrase);
        matched = n;
        break;
      }
    }
    if (matched) {
      i += matched;
      continue;
    }
    const w = tokens[i];
    i++;
    const english = hinglishToEnglish(w);
    if (english) {
      push(english);
      continue;
    }
    if (QUERY_STOPWORDS.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    push(w);
  }
  // Words of a Hinglish translation may form a lexicon phrase with their neighbours; fine as is.
  return out;
}

export const isLevel = (v: unknown): v is Level => LEVELS.includes(v as Level);
export const isCategory = (v: unknown): v is Category => CATEGORIES.includes(v as Category);
