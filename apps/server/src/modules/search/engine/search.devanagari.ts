/**
 * Devanagari text as the engine reads it: normalised (one spelling for what writers type in
 * several ways) and romanised the way Hindi is pronounced, so that a Hindi word can be compared
 * with the Hinglish (Hindi in Latin letters) a learner types and with the English word it was
 * borrowed from (search.translit.ts).
 *
 * The scheme is a Hunterian-style romanisation (the one Hinglish spellings follow: क k, ख kh,
 * श sh, ज़ z, फ f, ऐ ai …) with Hindi's schwa deletion: the vowel a that every consonant carries
 * unless marked otherwise is not pronounced at the end of a word, nor inside a word between a
 * vowel-consonant and a consonant-vowel ("करना" kar·na, "समझना" samajh·na, "पायथन" pay·than).
 * Libraries considered: Sanscript (@indic-transliteration/sanscript) writes Sanskrit, keeping
 * every inherent vowel and leaving the nukta unmapped ("पायथन" → pAyathana, "मुफ़्त" → mupha़ta);
 * any-ascii drops every inherent vowel ("कम" → km, "मशीन" → msin). Neither gives the Hindi a
 * learner would type, so the letters are mapped here (the table is the Unicode block's letters).
 */

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const DEVANAGARI_DIGIT = /[\u0966-\u096f]/g;
/** Letters and signs of the Devanagari block (and the Vedic extensions writers never type). */
export const DEVANAGARI_RUN = /[\u0900-\u0963\u0971-\u097f]+/g;
const HAS_DEVANAGARI = /[\u0900-\u097f]/;

export const hasDevanagari = (text: string) => HAS_DEVANAGARI.test(text);

/**
 * One spelling for what is typed in several ways: NFC (which writes a precomposed nukta letter
 * such as क़ U+0958 as क + ़, so both inputs become one), chandrabindu as anusvara (हाँ, हां),
 * no zero-width joiners or soft hyphens (they only shape the glyphs), Devanagari digits as
 * ASCII digits, dandas as full stops.
 */
export function normalizeDevanagari(text: string): string {
  return text
    .normalize('NFC')
    .replace(ZERO_WIDTH, '')
    .replace(/[\u0900\u0901]/g, '\u0902')
    .replace(DEVANAGARI_DIGIT, (d) => String(d.charCodeAt(0) - 0x0966))
    .replace(/[\u0964\u0965]/g, ' . ')
    .replace(/\u0970/g, '.');
}

const VIRAMA = '\u094d';
const NUKTA = '\u093c';
const ANUSVARA = '\u0902';
const VISARGA = '\u0903';

/** Consonants (U+0915–U+0939). */
const CONSONANT: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  घ: 'gh',
  ङ: 'n',
  च: 'ch',
  छ: 'chh',
  ज: 'j',
  झ: 'jh',
  ञ: 'n',
  ट: 't',
  ठ: 'th',
  ड: 'd',
  ढ: 'dh',
  ण: 'n',
  त: 't',
  थ: 'th',
  द: 'd',
  ध: 'dh',
  न: 'n',
  ऩ: 'n',
  प: 'p',
  // फ is f in the English and Persian words Hindi borrows, and "ph"/"f" are one sound to learners.
  फ: 'f',
  ब: 'b',
  भ: 'bh',
  म: 'm',
  य: 'y',
  र: 'r',
  ऱ: 'r',
  ल: 'l',
  ळ: 'l',
  ऴ: 'l',
  व: 'v',
  श: 'sh',
  ष: 'sh',
  स: 's',
  ह: 'h',
};

/** A consonant with a nukta (written after it, as NFC leaves it). */
const NUKTA_CONSONANT: Record<string, string> = {
  क: 'k',
  ख: 'kh',
  ग: 'g',
  ज: 'z',
  ड: 'r',
  ढ: 'rh',
  फ: 'f',
  य: 'y',
};

/** Independent vowels (U+0904–U+0914, U+0960–U+0961, U+0972). */
const VOWEL: Record<string, string> = {
  ऄ: 'a',
  अ: 'a',
  आ: 'a',
  इ: 'i',
  ई: 'i',
  उ: 'u',
  ऊ: 'u',
  ऋ: 'ri',
  ॠ: 'ri',
  ऌ: 'li',
  ॡ: 'li',
  ऍ: 'e',
  ऎ: 'e',
  ए: 'e',
  ऐ: 'ai',
  ऑ: 'o',
  ऒ: 'o',
  ओ: 'o',
  औ: 'au',
  ॲ: 'e',
};

/** Vowel signs (matras, U+093E–U+094C, U+0962–U+0963). */
const MATRA: Record<string, string> = {
  '\u093e': 'a',
  '\u093f': 'i',
  '\u0940': 'i',
  '\u0941': 'u',
  '\u0942': 'u',
  '\u0943': 'ri',
  '\u0944': 'ri',
  '\u0945': 'e',
  '\u0946': 'e',
  '\u0947': 'e',
  '\u0948': 'ai',
  '\u0949': 'o',
  '\u094a': 'o',
  '\u094b': 'o',
  '\u094c': 'au',
  '\u0962': 'li',
  '\u0963': 'li',
};

const LABIAL = /^(?:p|f|b|bh|m)/;

/** The long vowels, written double when a romanisation keeps vowel length (काम kaam, कम kam). */
const LONG: Record<string, string> = {
  आ: 'aa',
  ई: 'ii',
  ऊ: 'uu',
  '\u093e': 'aa',
  '\u0940': 'ii',
  '\u0942': 'uu',
};

/**
 * One syllable: its consonant cluster and its vowel. `vowel` is `null` for the inherent a (which
 * schwa deletion may drop) and '' after a virama.
 */
interface Unit {
  cluster: string[];
  vowel: string | null;
  nasal: boolean;
  visarga: boolean;
}

function units(word: string, long: boolean): Unit[] {
  const out: Unit[] = [];
  const chars = [...word];
  let cluster: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    const last = out[out.length - 1];
    if (CONSONANT[ch] !== undefined) {
      let roman = CONSONANT[ch];
      if (chars[i + 1] === NUKTA) {
        roman = NUKTA_CONSONANT[ch] ?? roman;
        i++;
      }
      // ज्ञ is said gy in Hindi (ज्ञान gyan).
      if (ch === 'ञ' && cluster[cluster.length - 1] === 'j') {
        cluster[cluster.length - 1] = 'g';
        roman = 'y';
      }
      cluster.push(roman);
      const next = chars[i + 1];
      if (next === VIRAMA) {
        i++;
        // A virama inside a word joins the next consonant; at the end it just ends the word.
        if (i + 1 < chars.length && CONSONANT[chars[i + 1]] !== undefined) continue;
        out.push({ cluster, vowel: '', nasal: false, visarga: false });
      } else if (next !== undefined && MATRA[next] !== undefined) {
        i++;
        out.push({ cluster, vowel: (long && LONG[next]) || MATRA[next], nasal: false, visarga: false });
      } else {
        out.push({ cluster, vowel: null, nasal: false, visarga: false });
      }
      cluster = [];
    } else if (VOWEL[ch] !== undefined) {
      out.push({ cluster: [], vowel: (long && LONG[ch]) || VOWEL[ch], nasal: false, visarga: false });
    } else if (ch === ANUSVARA && last) {
      last.nasal = true;
    } else if (ch === VISARGA && last) {
      last.visarga = true;
    }
    // Other signs (nukta on a vowel, avagraha, accents) carry no sound a learner types.
  }
  if (cluster.length) out.push({ cluster, vowel: '', nasal: false, visarga: false });
  return out;
}

const spoken = (u: Unit | undefined) => !!u && u.vowel !== '' && u.vowel !== undefined;

/**
 * Hindi's schwa deletion on a word's syllables: the final inherent a goes (in words of more than
 * one syllable, and not after a y that follows an i: प्रिय priya, भारतीय bhartiya), and a medial
 * one between a vowel + single consonant and a single consonant + vowel, scanning from the right
 * so that two neighbouring syllables never both lose theirs.
 */
function deleteSchwas(us: Unit[], medial: boolean): void {
  const last = us[us.length - 1];
  const iya = last.cluster.join('') === 'y' && /i$/.test(us[us.length - 2]?.vowel ?? '');
  if (us.length > 1 && last.vowel === null && !last.nasal && !last.visarga && !iya) last.vowel = '';
  for (let i = us.length - 2; medial && i >= 1; i--) {
    const u = us[i];
    if (u.vowel !== null || u.nasal || u.visarga || u.cluster.length !== 1) continue;
    const prev = us[i - 1];
    const next = us[i + 1];
    if (!spoken(prev) || next.cluster.length !== 1 || !spoken(next)) continue;
    u.vowel = '';
  }
}

/**
 * The romanisation of one Devanagari word (normalised first), in lower-case ASCII letters;
 * `long` writes long vowels double (काम kaam), as careful Hinglish spellings do; `medialSchwa`
 * keeps the inherent a inside the word, as spellings that follow the letters do (व्याकरण vyakaran,
 * said vyakran).
 */
export function romanizeWord(word: string, long = false, medialSchwa = false): string {
  const us = units(word, long);
  if (!us.length) return '';
  deleteSchwas(us, !medialSchwa);
  let out = '';
  for (const [i, u] of us.entries()) {
    out += u.cluster.join('');
    out += u.vowel === null ? 'a' : u.vowel;
    if (u.nasal) {
      const next = us[i + 1]?.cluster[0] ?? '';
      out += LABIAL.test(next) ? 'm' : 'n';
    }
    // A visarga is said as h at the end of a word, and barely before a consonant (दुःख dukh).
    if (u.visarga && i === us.length - 1) out += 'h';
  }
  return out;
}

/**
 * The Devanagari spellings of one word split into syllables, each romanised on its own: the
 * pieces an acronym is read from ("एसक्यूएल" → es · kyu · el).
 */
export function syllablePieces(word: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const ch of word) {
    const startsSyllable = CONSONANT[ch] !== undefined || VOWEL[ch] !== undefined;
    const joined = current.endsWith(VIRAMA);
    if (startsSyllable && current && !joined) {
      pieces.push(current);
      current = '';
    }
    current += ch;
  }
  if (current) pieces.push(current);
  return pieces;
}
