import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Embedded fonts for the PDFs (certificates, tax invoices): Noto Sans for Latin and the other
 * European scripts, and a Noto Sans of its own for each Indian script names are written in —
 * Devanagari (Hindi, Marathi, Sanskrit…), Bengali (Bengali, Assamese), Tamil, Telugu and
 * Gujarati — from the @fontsource packages: WOFF files already cut to one script each (tens of
 * kilobytes), which pdfkit reads through fontkit, OpenType shaping included, so conjuncts like
 * श्री, க்ஷ or ক্ষ come out right; pdfkit embeds only the glyphs a document uses. The packages are
 * resolved from node_modules at run time, like the other npm packages the bundle leaves
 * external, so the same paths work from source and from dist/server.js.
 */
export type Weight = 400 | 700;

type Ranges = [number, number][];

interface Face {
  /** What the face is named by (`devanagari`, `latin`, …): its script, or the Noto Sans subset. */
  script: string;
  /** Where a run in this face starts: its script's Unicode block(s); for Noto Sans, its subset. */
  picks: Ranges;
  /** What the file has, so what a run in this face may go on with (a danda, ₹): the subset's code points. */
  covers: Ranges;
  file: (weight: Weight) => string;
}

const require = createRequire(import.meta.url);

function rangesOf(pkg: string, subset: string): Ranges {
  const table = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<string, string>;
  return table[subset].split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/U\+/g, '').split('-');
    return [Number.parseInt(first, 16), Number.parseInt(last, 16)];
  });
}

/** A subset of an @fontsource package, started for `picks` (by default, everything it has). */
function face(pkg: string, subset: string, picks?: Ranges): Face {
  const prefix = pkg.replace('@fontsource/', '');
  const covers = rangesOf(pkg, subset);
  return {
    script: subset,
    picks: picks ?? covers,
    covers,
    file: (weight) => require.resolve(`${pkg}/files/${prefix}-${subset}-${weight}-normal.woff`),
  };
}

/** An Indian script's own face: started only for the script's blocks, never for Latin or digits. */
const indic = (script: string, blocks: Ranges) => face(`@fontsource/noto-sans-${script}`, script, blocks);

let faces: Face[] | undefined;
/**
 * Every face, in order of preference where a character could start a run in several. The
 * indexes are fontName's: Devanagari is 0 and Noto Sans Latin 1 (LATIN_FACE); new faces go last.
 */
function allFaces(): Face[] {
  faces ??= [
    // Devanagari, Devanagari Extended, Vedic Extensions.
    indic('devanagari', [
      [0x0900, 0x097f],
      [0xa8e0, 0xa8ff],
      [0x1cd0, 0x1cff],
    ]),
    face('@fontsource/noto-sans', 'latin'),
    face('@fontsource/noto-sans', 'latin-ext'),
    face('@fontsource/noto-sans', 'vietnamese'),
    face('@fontsource/noto-sans', 'cyrillic'),
    face('@fontsource/noto-sans', 'cyrillic-ext'),
    face('@fontsource/noto-sans', 'greek'),
    face('@fontsource/noto-sans', 'greek-ext'),
    indic('bengali', [[0x0980, 0x09ff]]),
    indic('tamil', [[0x0b80, 0x0bff]]),
    indic('telugu', [[0x0c00, 0x0c7f]]),
    indic('gujarati', [[0x0a80, 0x0aff]]),
  ];
  return faces;
}

/** The face of Noto Sans Latin (URLs, codes). */
export const LATIN_FACE = 1;

const within = (ranges: Ranges, cp: number) => ranges.some(([first, last]) => cp >= first && cp <= last);

/** Characters that belong to whatever run they are in: spaces, ZWNJ/ZWJ (half forms), combining marks. */
const NEUTRAL = /^(?:\s|\u200c|\u200d|[\u0300-\u036f])$/u;

export interface Run {
  text: string;
  /** The index of the face, for fontName. */
  face: number;
  /** The face's script (`devanagari`, `tamil`, `latin`, …). */
  script: string;
}

/**
 * Splits text into runs of one font each: each Indian script in its own Noto Sans, the rest in
 * the first Noto Sans subset that has the character (Latin when none does). A run goes on while
 * its font has the next character (a danda after Bengali, ₹ after Hindi), so a phrase is shaped
 * as one run; spaces, joiners and combining marks stay in the run they follow.
 */
export function splitRuns(value: string): Run[] {
  const list = allFaces();
  const runs: Run[] = [];
  for (const char of value) {
    const current = runs.at(-1);
    if (current && NEUTRAL.test(char)) {
      current.text += char;
      continue;
    }
    const cp = char.codePointAt(0) ?? 0;
    const picked = list.findIndex((f) => within(f.picks, cp));
    if (current && (current.face === picked || within(list[current.face].covers, cp))) {
      current.text += char;
    } else {
      const index = picked === -1 ? LATIN_FACE : picked;
      runs.push({ text: char, face: index, script: list[index].script });
    }
  }
  return runs;
}

/** The registered name of a face at a weight (see registerFonts). */
export const fontName = (face: number, weight: Weight) => `kaksha-${face}-${weight}`;

const cache = new Map<string, Buffer>();
/** The font files' bytes, read once per process. */
export function fontBytes(face: number, weight: Weight): Buffer {
  const file = allFaces()[face].file(weight);
  let bytes = cache.get(file);
  if (!bytes) {
    bytes = readFileSync(file);
    cache.set(file, bytes);
  }
  return bytes;
}

/** Registers every face at both weights on a document (pdfkit embeds only those used). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  allFaces().forEach((_, face) => {
    for (const weight of [400, 700] as const) doc.registerFont(fontName(face, weight), fontBytes(face, weight));
  });
}

/** The font files, for a check that they resolve (from source and from the bundle). */
export const fontFiles = () => allFaces().flatMap((f) => [f.file(400), f.file(700)]);

export interface RunStyle {
  x: number;
  /** The top of the line, as pdfkit's text(…, x, y) takes it. */
  y: number;
  size: number;
  color: string;
  weight: Weight;
}

/** Where the baseline sits below the top of a line, as a share of the font size (Noto Sans's ascender). */
const ASCENT = 0.85;

/**
 * fontkit 2.0.4 (pdfkit's shaper) throws on a NULL mark anchor, which OpenType allows and Noto
 * Sans Telugu has (a vowel sign over a consonant with a subscript ra: శ్రీ, క్రి, ప్రీ). Such a run
 * is set without GPOS mark positioning, where the font's zero-width vowel signs already sit over
 * their consonant; every other run keeps every feature. (pdfkit passes `features` to fontkit's
 * layout as they are, and fontkit takes an object of tags to turn off; its types know arrays only.)
 */
const WITHOUT_MARK_POSITIONING = {
  abvm: false,
  blwm: false,
  mark: false,
  mkmk: false,
} as unknown as PDFKit.Mixins.OpenTypeFeatures[];

/** The features a run is set with (doc's font and size already chosen): all, unless the shaper fails on them. */
function featuresFor(doc: PDFKit.PDFDocument, text: string) {
  try {
    doc.widthOfString(text);
    return undefined;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return WITHOUT_MARK_POSITIONING;
  }
}

/** The width of text set run by run. */
export function runsWidth(doc: PDFKit.PDFDocument, value: string, size: number, weight: Weight): number {
  let total = 0;
  for (const run of splitRuns(value)) {
    doc.font(fontName(run.face, weight)).fontSize(size);
    total += doc.widthOfString(run.text, { features: featuresFor(doc, run.text) });
  }
  return total;
}

/**
 * Draws text run by run from x, each run in its font, all on one baseline; answers the width drawn.
 * By hand, as pdfkit's own line layout (and align) does not hold across runs in different fonts.
 */
export function drawRuns(doc: PDFKit.PDFDocument, value: string, style: RunStyle): number {
  const baseline = style.y + style.size * ASCENT;
  let x = style.x;
  for (const run of splitRuns(value)) {
    doc.font(fontName(run.face, style.weight)).fontSize(style.size).fillColor(style.color);
    const features = featuresFor(doc, run.text);
    doc.text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic', features });
    x += doc.widthOfString(run.text, { features });
  }
  return x - style.x;
}
