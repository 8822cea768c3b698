import { inflateSync } from 'node:zlib';

/*
 * Reading back the PDFs pdfkit writes (certificates, invoices), for tests. Text drawn with an
 * embedded font is glyph ids, not characters: each font's ToUnicode map turns them back
 * (compressed streams are inflated first). Enough for pdfkit's own output, not any PDF.
 */

interface PdfFont {
  /** The embedded font's name without its subset tag: `NotoSansTamil-Bold`. */
  name: string;
  /** Glyph id → the characters it stands for. */
  chars: Map<number, string>;
  /** Glyph id → its advance, in 1/1000 em. */
  widths: Map<number, number>;
}

/** The PDF's content streams (inflated) and its font resources by resource name (`F1`). */
function readPdf(pdf: Buffer) {
  const source = pdf.toString('latin1');
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (const m of source.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2] as string;
    const at = body.indexOf('stream\n');
    const dict = at === -1 ? body : body.slice(0, at);
    let stream: string | null = null;
    if (at !== -1) {
      const raw = Buffer.from(body.slice(at + 7, body.lastIndexOf('\nendstream')), 'latin1');
      stream = (/\/Filter \/FlateDecode/.test(dict) ? inflateSync(raw) : raw).toString('latin1');
    }
    objects.set(Number(m[1]), { dict, stream });
  }
  const ref = (dict: string, key: string) => Number(new RegExp(`/${key} \\[?(\\d+) 0 R`).exec(dict)?.[1]);

  const fonts = new Map<string, PdfFont>();
  for (const { dict } of objects.values()) {
    const list = /\/Font <<([^>]*)>>/.exec(dict)?.[1];
    if (!list) continue;
    for (const [, resource, id] of list.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))?.dict ?? '';
      const chars = new Map<number, string>();
      const cmap = objects.get(ref(font, 'ToUnicode'))?.stream ?? '';
      for (const [, start, codes] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g)) {
        [...(codes as string).matchAll(/<([0-9a-f ]+)>/g)].forEach(([, units], i) => {
          const text = String.fromCharCode(...(units as string).split(' ').map((u) => Number.parseInt(u, 16)));
          chars.set(Number.parseInt(start as string, 16) + i, text);
        });
      }
      const descendant = objects.get(ref(font, 'DescendantFonts'))?.dict ?? '';
      const widths = new Map<number, number>();
      const w = /\/W \[0 \[([^\]]*)\]/.exec(descendant)?.[1] ?? '';
      for (const [gid, value] of w.trim().split(/\s+/).entries()) widths.set(gid, Number(value));
      const name = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(font)?.[1] ?? '?';
      fonts.set(resource as string, { name, chars, widths });
    }
  }
  const streams = [...objects.values()].flatMap(({ stream }) => (stream?.includes(' TJ') ? [stream] : []));
  return { fonts, streams };
}

/** The glyph ids of one `[…] TJ` operand, with the kerning numbers between them. */
function* glyphsOf(operand: string) {
  for (const [, hex, kern] of operand.matchAll(/<([0-9a-f]*)>|(-?[\d.]+)/g)) {
    if (kern !== undefined) yield { kern: Number(kern) };
    for (const gid of (hex ?? '').match(/.{4}/g) ?? []) yield { id: Number.parseInt(gid, 16) };
  }
}

export interface FontUse {
  /** The embedded font's name without its subset tag: `NotoSansTamil-Bold`. */
  font: string;
  /** Glyph ids drawn in this font (0 is .notdef: a box where a character had no glyph). */
  glyphs: number[];
  /** The characters the drawn glyphs stand for (the font's ToUnicode map), in drawing order. */
  text: string;
}

/**
 * What each embedded font of a pdfkit PDF drew: its glyphs and the characters they stand for.
 * Shaped scripts draw glyphs in visual order (a vowel sign before its consonant) and ligatures
 * for several characters, so compare the characters as a set (lettersIn), not as a string.
 */
export function fontUses(pdf: Buffer): FontUse[] {
  const { fonts, streams } = readPdf(pdf);
  const uses = new Map<string, FontUse>();
  for (const stream of streams) {
    let current: PdfFont | undefined;
    for (const op of stream.matchAll(/\/(\w+) [\d.]+ Tf|\[(.*?)\] TJ/g)) {
      if (op[1] !== undefined) {
        current = fonts.get(op[1]);
        continue;
      }
      if (!current) continue;
      const use = uses.get(current.name) ?? { font: current.name, glyphs: [], text: '' };
      uses.set(current.name, use);
      for (const glyph of glyphsOf(op[2] as string)) {
        if (glyph.id === undefined) continue;
        use.glyphs.push(glyph.id);
        use.text += current.chars.get(glyph.id) ?? '';
      }
    }
  }
  return [...uses.values()].sort((a, b) => a.font.localeCompare(b.font));
}

/**
 * The distinct characters of a text (decomposed, so a two-part vowel sign is its parts), sorted,
 * without spaces and joiners. A font's ToUnicode map keeps one reading per glyph (a reused glyph
 * keeps the first), so what glyphs stand for is compared as a set, not counted.
 */
export const lettersIn = (text: string) =>
  [...new Set(text.normalize('NFD').replace(/[\s\u200c\u200d]/gu, ''))].sort().join('');

/**
 * The text lines of a pdfkit PDF, for tests to read what a page says. Pieces drawn on one baseline
 * make one line, left to right: touching pieces (a font change mid-word, as in "₹1,299.00") are
 * joined as they are, others with a space. Lines come top to bottom.
 */
export function pdfLines(pdf: Buffer): string[] {
  const { fonts, streams } = readPdf(pdf);
  // Every piece of text: where it starts, where it ends, what it says.
  const pieces: { x: number; end: number; y: number; text: string }[] = [];
  for (const stream of streams) {
    let x = 0;
    let y = 0;
    let font: PdfFont | undefined;
    let size = 0;
    for (const op of stream.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|\/(\w+) ([\d.]+) Tf|\[(.*?)\] TJ/g)) {
      if (op[1] !== undefined) {
        x = Number(op[1]);
        y = Number(op[2]);
      } else if (op[3] !== undefined) {
        font = fonts.get(op[3]);
        size = Number(op[4]);
      } else if (font) {
        let text = '';
        let advance = 0;
        for (const glyph of glyphsOf(op[5] as string)) {
          if (glyph.kern !== undefined) advance -= glyph.kern;
          if (glyph.id === undefined) continue;
          text += font.chars.get(glyph.id) ?? '';
          advance += font.widths.get(glyph.id) ?? 0;
        }
        pieces.push({ x, end: x + (advance * size) / 1000, y, text });
      }
    }
  }

  // Baselines within a point of each other are one line (a label beside a bolder value).
  const lines: (typeof pieces)[] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y)) {
    const line = lines.at(-1);
    if (line && Math.abs((line[0] as (typeof pieces)[number]).y - piece.y) < 1) line.push(piece);
    else lines.push([piece]);
  }
  return lines.map((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((piece, i) => {
        const before = line[i - 1];
        return before && piece.x - before.end > 0.5 ? ` ${piece.text}` : piece.text;
      })
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}
