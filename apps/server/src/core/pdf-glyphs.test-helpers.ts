import { inflateSync } from 'node:zlib';

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

  const fonts = new Map<string, { font: string; chars: Map<number, string> }>();
  for (const { dict } of objects.values()) {
    const list = /\/Font <<([^>]*)>>/.exec(dict)?.[1];
    if (!list) continue;
    for (const [, name, id] of list.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))?.dict ?? '';
      const baseFont = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(font)?.[1] ?? '?';
      const chars = new Map<number, string>();
      const cmap = objects.get(ref(font, 'ToUnicode'))?.stream ?? '';
      for (const [, start, codes] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g)) {
        [...(codes as string).matchAll(/<([0-9a-f ]+)>/g)].forEach(([, units], i) => {
          const text = String.fromCharCode(...(units as string).split(' ').map((u) => Number.parseInt(u, 16)));
          chars.set(Number.parseInt(start as string, 16) + i, text);
        });
      }
      fonts.set(name as string, { font: baseFont, chars });
    }
  }

  const uses = new Map<string, FontUse>();
  for (const { stream } of objects.values()) {
    if (!stream?.includes(' TJ')) continue;
    let current: string | undefined;
    for (const op of stream.matchAll(/\/(\w+) [\d.]+ Tf|\[(.*?)\] TJ/g)) {
      if (op[1] !== undefined) {
        current = op[1];
        continue;
      }
      const font = current === undefined ? undefined : fonts.get(current);
      if (!font) continue;
      const use = uses.get(font.font) ?? { font: font.font, glyphs: [], text: '' };
      uses.set(font.font, use);
      for (const [, hex] of (op[2] as string).matchAll(/<([0-9a-f]*)>/g)) {
        for (const gid of (hex ?? '').match(/.{4}/g) ?? []) {
          const id = Number.parseInt(gid, 16);
          use.glyphs.push(id);
          use.text += font.chars.get(id) ?? '';
        }
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
