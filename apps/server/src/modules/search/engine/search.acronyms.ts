/**
 * Acronyms mined from the catalogue's own multi-word terms: "Infrastructure as Code" →
 * "iac", "low-level design" → "lld", "Mutual Funds" → "mf". At index time every run of two
 * to four words of a course's text (within one clause) contributes its initials, with and
 * without inner function words; they are indexed as marked words (`acrnym` + initials) at
 * the lecture-title weight. A query word the catalogue does not contain as such is then also
 * looked up as a marked acronym, so acronyms the course text never writes still find it,
 * with no hand-written list.
 */

/** Prefix that keeps mined acronyms apart from real words in the index. */
export const ACRONYM_MARK = 'acrnym';

/** Function words allowed inside a term ("infrastructure as code", "return on investment"). */
const INNER = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

const MIN_LENGTH = 2;
const MAX_LENGTH = 5;

/** Initials of every 2–4-word run of each clause of the text. */
export function acronymsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const clause of text.toLowerCase().split(/[.,:;!?()[\]{}"|/\n]+/)) {
    const ws = clause.split(/[^a-z0-9]+/).filter(Boolean);
    for (let i = 0; i < ws.length; i++) {
      if (INNER.has(ws[i]) || !/^[a-z]/.test(ws[i])) continue;
      for (let n = 2; n <= 4 && i + n <= ws.length; n++) {
        const run = ws.slice(i, i + n);
        const last = run[run.length - 1];
        if (INNER.has(last) || !/^[a-z]/.test(last)) continue;
        const content = run.filter((w) => !INNER.has(w));
        if (content.length < 2) continue;
        for (const letters of [run.map((w) => w[0]).join(''), content.map((w) => w[0]).join('')]) {
          if (letters.length >= MIN_LENGTH && letters.length <= MAX_LENGTH) out.add(letters);
        }
      }
      for (const letters of distributedInitials(ws, i)) out.add(letters);
    }
  }
  return out;
}

const CONJUNCTIONS = new Set(['and', 'or']);
const isContent = (w: string | undefined): w is string => !!w && /^[a-z]/.test(w) && !INNER.has(w);

/**
 * Terms that share a word through a conjunction name a term of their own:
 * "continuous integration and delivery" → "continuous delivery" (cd),
 * "unit and integration testing" → "unit testing" (ut).
 */
function distributedInitials(ws: string[], i: number): string[] {
  const [a, b, c, d] = ws.slice(i, i + 4);
  if (!isContent(a) || !isContent(d)) return [];
  const sharedFirst = isContent(b) && CONJUNCTIONS.has(c ?? '');
  const sharedLast = CONJUNCTIONS.has(b ?? '') && isContent(c);
  return sharedFirst || sharedLast ? [`${a[0]}${d[0]}`] : [];
}

/** The marked index word of an acronym. */
export const markAcronym = (letters: string) => `${ACRONYM_MARK}${letters}`;

/** Whether a query word may be an acronym worth looking up (letters only, short). */
export function mayBeAcronym(word: string): boolean {
  return /^[a-z]+$/.test(word) && word.length >= MIN_LENGTH && word.length <= MAX_LENGTH;
}
