import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Embedded fonts for the PDFs (certificates, tax invoices): Noto Sans Devanagari for Hindi, Marathi, Sanskrit…
 * and Noto Sans for everything else, from the @fontsource packages (WOFF files, which pdfkit
 * reads through fontkit, OpenType shaping included, so conjuncts like श्री and क्ष come out right).
 * The packages are resolved from node_modules at run time, like the other npm packages the
 * bundle leaves external, so the same paths work from source and from dist/server.js.
 */
export type Weight = 400 | 700;

interface Face {
  /** The subset's code points, as [first, last] ranges (from the package's unicode.json). */
  ranges: [number, number][];
  file: (weight: Weight) => string;
}

const require = createRequire(import.meta.url);

function rangesOf(pkg: string, subset: string): [number, number][] {
  const table = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), 'utf8')) as Record<string, string>;
  return table[subset].split(',').map((part) => {
    const [first, last = first] = part.trim().replace(/U\+/g, '').split('-');
    return [Number.parseInt(first, 16), Number.parseInt(last, 16)];
  });
}

function face(pkg: string, prefix: string, subset: string): Face {
  return {
    ranges: rangesOf(pkg, subset),
    file: (weight) => require.resolve(`${pkg}/files/${prefix}-${subset}-${weight}-normal.woff`),
  };
}

/** The Devanagari blocks: Devanagari, Devanagari Extended, Vedic Extensions. */
const DEVANAGARI: [number, number][] = [
  [0x0900, 0x097f],
  [0xa8e0, 0xa8ff],
  [0x1cd0, 0x1cff],
];

let faces: Face[] | undefined;
/** In order of preference: Devanagari first for its blocks, then Noto Sans Latin and its other subsets. */
function allFaces(): Face[] {
  faces ??= [
    { ...face('@fontsource/noto-sans-devanagari', 'noto-sans-devanagari', 'devanagari'), ranges: DEVANAGARI },
    face('@fontsource/noto-sans', 'noto-sans', 'latin'),
    face('@fontsource/noto-sans', 'noto-sans', 'latin-ext'),
    face('@fontsource/noto-sans', 'noto-sans', 'vietnamese'),
    face('@fontsource/noto-sans', 'noto-sans', 'cyrillic'),
    face('@fontsource/noto-sans', 'noto-sans', 'cyrillic-ext'),
    face('@fontsource/noto-sans', 'noto-sans', 'greek'),
    face('@fontsource/noto-sans', 'noto-sans', 'greek-ext'),
  ];
  return faces;
}

const covers = (f: Face, cp: number) => f.ranges.some(([first, last]) => cp >= first && cp <= last);

/** Characters that belong to whatever run they are in: spaces, ZWNJ/ZWJ (half forms), combining marks. */
const NEUTRAL = /^(?:\s|\u200c|\u200d|[\u0300-\u036f])$/u;

export interface Run {
  text: string;
  /** The index of the face, for fontName. */
  face: number;
}

/**
 * Splits text into runs of one font each: Devanagari in Noto Sans Devanagari, the rest in the
 * first Noto Sans subset that has the character (Latin when none does). Spaces, joiners and
 * combining marks stay in the run they follow, so a Hindi phrase is shaped as one run.
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
    let index = list.findIndex((f) => covers(f, cp));
    if (index === -1) index = 1;
    if (current && (current.face === index || (index !== 0 && current.face !== 0 && covers(list[current.face], cp)))) {
      current.text += char;
    } else {
      runs.push({ text: char, face: index });
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

/** The width of text set run by run. */
export function runsWidth(doc: PDFKit.PDFDocument, value: string, size: number, weight: Weight): number {
  let total = 0;
  for (const run of splitRuns(value))
    total += doc.font(fontName(run.face, weight)).fontSize(size).widthOfString(run.text);
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
    doc.text(run.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
    x += doc.widthOfString(run.text);
  }
  return x - style.x;
}
