import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF that pdfkit wrote with embedded fonts, for tests to read what a page
 * says. Such text is glyph ids, not characters, so each font's ToUnicode map turns them back
 * (compressed streams are inflated first). Pieces drawn on one baseline make one line, left to
 * right: touching pieces (a font change mid-word, as in "₹1,299.00") are joined as they are,
 * others with a space. Lines come top to bottom. Enough for pdfkit's own output, not any PDF.
 */
export function pdfLines(pdf: Buffer): string[] {
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

  // Each font resource: glyph id → characters (ToUnicode), and glyph id → advance (W, 1/1000 em).
  const fonts = new Map<string, { chars: Map<number, string>; widths: Map<number, number> }>();
  for (const { dict } of objects.values()) {
    const list = /\/Font <<([^>]*)>>/.exec(dict)?.[1];
    if (!list) continue;
    for (const [, name, id] of list.matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = objects.get(Number(id))?.dict ?? '';
      const cmap = objects.get(ref(font, 'ToUnicode'))?.stream ?? '';
      const chars = new Map<number, string>();
      for (const [, start, list] of cmap.matchAll(/<([0-9a-f]+)> <[0-9a-f]+> \[([^\]]*)\]/g)) {
        [...(list as string).matchAll(/<([0-9a-f ]+)>/g)].forEach(([, units], i) => {
          const text = String.fromCharCode(...(units as string).split(' ').map((u) => Number.parseInt(u, 16)));
          chars.set(Number.parseInt(start as string, 16) + i, text);
        });
      }
      const descendant = objects.get(ref(font, 'DescendantFonts'))?.dict ?? '';
      const widths = new Map<number, number>();
      const w = /\/W \[0 \[([^\]]*)\]/.exec(descendant)?.[1] ?? '';
      for (const [gid, value] of w.trim().split(/\s+/).entries()) widths.set(gid, Number(value));
      fonts.set(name as string, { chars, widths });
    }
  }

  // Every piece of text: where it starts, where it ends, what it says.
  const pieces: { x: number; end: number; y: number; text: string }[] = [];
  for (const { stream } of objects.values()) {
    if (!stream?.includes(' TJ')) continue;
    let x = 0;
    let y = 0;
    let font = fonts.get('');
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
        for (const [, hex, kern] of (op[5] as string).matchAll(/<([0-9a-f]*)>|(-?[\d.]+)/g)) {
          if (kern !== undefined) advance -= Number(kern);
          for (const gid of (hex ?? '').match(/.{4}/g) ?? []) {
            const id = Number.parseInt(gid, 16);
            text += font.chars.get(id) ?? '';
            advance += font.widths.get(id) ?? 0;
          }
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
