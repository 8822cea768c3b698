#!/usr/bin/env node
/**
 * Regenerates every demo media file under apps/server/seed-media from scratch:
 *
 *   thumbnails/<course>.jpg  640x360 course thumbnails (SVG rendered with sharp)
 *   avatars/<user>.jpg       256x256 initials avatars (SVG rendered with sharp)
 *   videos/lecture-0N.mp4    short H.264/AAC lecture clips (ffmpeg test sources)
 *   videos/about.mp4         muted looping clip for the landing page About Us block
 *
 * Course keys, titles, categories and levels, and the users that have avatars, come from
 * apps/server/src/bootstrap/seed/demo-data.ts itself (imported through tsx), so the media always
 * matches the seed data. Output is deterministic for a given sharp/libvips
 * and ffmpeg build (seeded pseudo-randomness only, single-threaded x264, bit-exact muxing, no timestamps).
 *
 * Usage (from the repository root):
 *   node scripts/generate-demo-media.mjs                 # everything
 *   node scripts/generate-demo-media.mjs thumbnails      # or: avatars, videos (any combination)
 *   node scripts/generate-demo-media.mjs --list          # print what would be made; write nothing
 *
 * Needs `sharp` (a workspace dependency) and `ffmpeg` on PATH (or FFMPEG=/path/to/ffmpeg).
 * Fonts: Noto Sans / DejaVu Sans via fontconfig; drawtext in the videos is skipped when no
 * DejaVu/Noto TTF file is found. The Hindi courses' titles need Noto Sans Devanagari too (TTF or
 * OTF: sharp's fontconfig does not read the WOFF files of @fontsource; FONTCONFIG_FILE may point
 * at a directory holding them).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATA_FILE = path.join(ROOT, 'apps/server/src/bootstrap/seed/demo-data.ts');
const OUT = path.join(ROOT, 'apps/server/seed-media');
const FFMPEG = process.env.FFMPEG || 'ffmpeg';

const W = 640;
const H = 360;
const FONT_FAMILY = "'Noto Sans', 'DejaVu Sans', sans-serif";
const PANGO_FONT = 'Noto Sans, DejaVu Sans Bold';

// ─── Reading demo-data.ts ────────────────────────────────────────────────────────────────────

/** The seed's own data, imported through tsx so the media can never drift from it. */
async function readDemoData() {
  const { DEMO_COURSES, DEMO_USERS } = await tsImport(pathToFileURL(DATA_FILE).href, import.meta.url);
  const courses = DEMO_COURSES.map((c) => ({
    key: c.key,
    title: c.title,
    category: c.category,
    level: c.level,
    thumbnail: c.thumbnail,
    videos: c.lectures.map((l) => l.video),
  }));
  const users = DEMO_USERS.map(({ key, name, role, avatar }) => ({ key, name, role, avatar }));
  return { courses, users };
}

// ─── Small deterministic helpers ────────────────────────────────────────────────────────────

/** FNV-1a 32-bit hash, used to vary each thumbnail deterministically. */
function hash(text) {
  let h = 0x811c9dc5;
  for (const ch of text) {
    h ^= ch.codePointAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Mulberry32 PRNG seeded from a string. */
function rng(seedText) {
  let a = hash(seedText);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const r1 = (n) => Math.round(n * 10) / 10;

function hexToHsl(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  const r = ((n >> 16) & 255) / 255;
  const g = ((n >> 8) & 255) / 255;
  const b = (n & 255) / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
    else if (max === g) h = (b - r) / d + 2;
    else h = (r - g) / d + 4;
    h *= 60;
  }
  return [h, s * 100, l * 100];
}

/** Rotates the hue of a hex colour by `deg` degrees, returned as an hsl() string. */
function shiftHue(hex, deg) {
  const [h, s, l] = hexToHsl(hex);
  return `hsl(${r1((h + deg + 360) % 360)},${r1(s)}%,${r1(l)}%)`;
}

// ─── Thumbnails ─────────────────────────────────────────────────────────────────────────────

/** Gradient start/end colours and motif per category. */
const CATEGORY_STYLE = {
  'Web Development': { from: '#4338ca', to: '#0891b2', motif: 'code' },
  'UI UX Designing': { from: '#be185d', to: '#ea580c', motif: 'design' },
  'App Development': { from: '#047857', to: '#0284c7', motif: 'phone' },
  'AI/ML': { from: '#6d28d9', to: '#1d4ed8', motif: 'network' },
  'AI Tools': { from: '#7e22ce', to: '#db2777', motif: 'sparkle' },
  'Data Science': { from: '#0f766e', to: '#4d7c0f', motif: 'scatter' },
  'Data Analytics': { from: '#c2410c', to: '#be123c', motif: 'bars' },
  'Ethical Hacking': { from: '#0f172a', to: '#166534', motif: 'shield' },
  Others: { from: '#1e3a8a', to: '#0f766e', motif: 'rings' },
};

const INK = 'rgba(255,255,255,';

/** Decorative shapes on the right-hand side of the thumbnail. */
function motif(kind, rand) {
  let cx = 520 + rand() * 40;
  const cy = 150 + rand() * 60;
  const parts = [];
  switch (kind) {
    case 'code': {
      for (let y = 30; y < H; y += 28)
        for (let x = 436; x < W; x += 28) parts.push(`<circle cx="${x}" cy="${y}" r="1.6" fill="${INK}0.18)"/>`);
      parts.push(
        `<text x="${r1(cx + 10)}" y="${r1(cy + 38)}" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="700" font-size="130" fill="${INK}0.16)">&lt;/&gt;</text>`,
      );
      break;
    }
    case 'design': {
      parts.push(`<circle cx="${r1(cx - 30)}" cy="${r1(cy)}" r="85" fill="${INK}0.14)"/>`);
      parts.push(`<circle cx="${r1(cx + 40)}" cy="${r1(cy + 50)}" r="60" fill="${INK}0.12)"/>`);
      parts.push(
        `<rect x="${r1(cx - 10)}" y="${r1(cy - 110)}" width="120" height="90" rx="14" fill="none" stroke="${INK}0.3)" stroke-width="4"/>`,
      );
      parts.push(`<path d="M${r1(cx - 120)} ${r1(cy + 120)} l40 -40 l14 14 l-40 40 z" fill="${INK}0.22)"/>`);
      break;
    }
    case 'phone': {
      const x = cx - 70;
      const y = cy - 125;
      parts.push(
        `<rect x="${r1(x)}" y="${r1(y)}" width="140" height="250" rx="24" fill="${INK}0.1)" stroke="${INK}0.35)" stroke-width="5"/>`,
      );
      parts.push(`<rect x="${r1(x + 50)}" y="${r1(y + 14)}" width="40" height="6" rx="3" fill="${INK}0.35)"/>`);
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          parts.push(
            `<rect x="${r1(x + 18 + j * 38)}" y="${r1(y + 40 + i * 40)}" width="28" height="28" rx="8" fill="${INK}${0.14 + ((i + j) % 3) * 0.06})"/>`,
          );
      parts.push(`<rect x="${r1(x + 18)}" y="${r1(y + 170)}" width="104" height="50" rx="10" fill="${INK}0.16)"/>`);
      break;
    }
    case 'network': {
      const layers = [3, 4, 4, 2];
      const nodes = layers.map((n, li) =>
        Array.from({ length: n }, (_, k) => [455 + li * 54, cy + (k - (n - 1) / 2) * 58 + (rand() - 0.5) * 10]),
      );
      for (let li = 0; li < nodes.length - 1; li++)
        for (const [x1, y1] of nodes[li])
          for (const [x2, y2] of nodes[li + 1])
            parts.push(
              `<line x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}" stroke="${INK}0.2)" stroke-width="2"/>`,
            );
      for (const layer of nodes)
        for (const [x, y] of layer)
          parts.push(
            `<circle cx="${r1(x)}" cy="${r1(y)}" r="11" fill="${INK}0.32)" stroke="${INK}0.5)" stroke-width="2"/>`,
          );
      break;
    }
    case 'sparkle': {
      const star = (x, y, s, a) =>
        `<path d="M${r1(x)} ${r1(y - s)} Q${r1(x)} ${r1(y)} ${r1(x + s)} ${r1(y)} Q${r1(x)} ${r1(y)} ${r1(x)} ${r1(y + s)} Q${r1(x)} ${r1(y)} ${r1(x - s)} ${r1(y)} Q${r1(x)} ${r1(y)} ${r1(x)} ${r1(y - s)} Z" fill="${INK}${a})"/>`;
      cx += 15;
      parts.push(star(cx, cy, 95, 0.26));
      parts.push(star(cx - 95, cy - 85, 38, 0.3));
      parts.push(star(cx + 70, cy + 105, 30, 0.3));
      parts.push(star(cx - 70, cy + 110, 20, 0.24));
      parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="135" fill="none" stroke="${INK}0.12)" stroke-width="3"/>`);
      break;
    }
    case 'scatter': {
      parts.push(`<path d="M455 320 L455 60 M455 320 L630 320" stroke="${INK}0.3)" stroke-width="3" fill="none"/>`);
      for (let i = 0; i < 26; i++) {
        const x = 470 + rand() * 150;
        const trend = 300 - (x - 455) * 1.3;
        const y = trend + (rand() - 0.5) * 70;
        parts.push(
          `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(4 + rand() * 5)}" fill="${INK}${r1(0.18 + rand() * 0.2)})"/>`,
        );
      }
      parts.push(
        `<path d="M460 300 Q540 230 625 80" stroke="${INK}0.45)" stroke-width="4" fill="none" stroke-linecap="round"/>`,
      );
      break;
    }
    case 'bars': {
      const n = 6;
      for (let i = 0; i < n; i++) {
        const h = 60 + (i / (n - 1)) * 150 + (rand() - 0.5) * 50;
        parts.push(
          `<rect x="${458 + i * 29}" y="${r1(320 - h)}" width="21" height="${r1(h)}" rx="5" fill="${INK}${r1(0.14 + i * 0.03)})"/>`,
        );
      }
      parts.push(`<path d="M450 320 L630 320" stroke="${INK}0.35)" stroke-width="3"/>`);
      parts.push(
        `<circle cx="${r1(cx)}" cy="78" r="38" fill="none" stroke="${INK}0.3)" stroke-width="14" stroke-dasharray="150 90"/>`,
      );
      break;
    }
    case 'shield': {
      for (let y = 0; y < H + 40; y += 40)
        for (let x = 360 + ((y / 40) % 2) * 23; x < W + 30; x += 46)
          parts.push(
            `<path d="M${x} ${y - 18} l16 9 v18 l-16 9 l-16 -9 v-18 z" fill="none" stroke="${INK}0.07)" stroke-width="1.5"/>`,
          );
      const x = 553 + rand() * 4;
      const y = cy - 110;
      parts.push(
        `<path d="M${r1(x)} ${r1(y)} L${r1(x + 85)} ${r1(y + 32)} V${r1(y + 115)} C${r1(x + 85)} ${r1(y + 175)} ${r1(x + 40)} ${r1(y + 210)} ${r1(x)} ${r1(y + 230)} C${r1(x - 40)} ${r1(y + 210)} ${r1(x - 85)} ${r1(y + 175)} ${r1(x - 85)} ${r1(y + 115)} V${r1(y + 32)} Z" fill="${INK}0.12)" stroke="${INK}0.4)" stroke-width="5"/>`,
      );
      parts.push(`<rect x="${r1(x - 30)}" y="${r1(y + 105)}" width="60" height="50" rx="8" fill="${INK}0.4)"/>`);
      parts.push(
        `<path d="M${r1(x - 18)} ${r1(y + 105)} v-18 a18 18 0 0 1 36 0 v18" fill="none" stroke="${INK}0.4)" stroke-width="7"/>`,
      );
      break;
    }
    default: {
      cx += 20;
      for (let i = 0; i < 5; i++)
        parts.push(
          `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${36 + i * 28}" fill="none" stroke="${INK}${r1(0.3 - i * 0.045)})" stroke-width="${10 - i * 1.5}"/>`,
        );
      parts.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="18" fill="${INK}0.35)"/>`);
    }
  }
  return parts.join('');
}

const widthCache = new Map();
/** Rendered width in px of `text` in bold sans at `size` px (measured with Pango). */
async function textWidth(text, size) {
  const id = `${size}|${text}`;
  if (!widthCache.has(id)) {
    const { width } = await sharp({
      text: { text: `<b>${esc(text)}</b>`, font: `${PANGO_FONT} ${size}`, dpi: 72 },
    }).metadata();
    widthCache.set(id, width ?? text.length * size * 0.6);
  }
  return widthCache.get(id);
}

/** Greedy word wrap; returns null when a single word does not fit. */
async function wrap(text, size, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if ((await textWidth(candidate, size)) <= maxWidth) line = candidate;
    else {
      if (!line) return null;
      lines.push(line);
      line = word;
      if ((await textWidth(line, size)) > maxWidth) return null;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Splits `words` into `n` lines with the smallest widest line (avoids one-word orphans). */
async function balance(words, n, size) {
  let best = null;
  const search = async (start, left, acc) => {
    if (left === 1) {
      const lines = [...acc, words.slice(start).join(' ')];
      let widest = 0;
      for (const l of lines) widest = Math.max(widest, await textWidth(l, size));
      if (!best || widest < best.widest) best = { widest, lines };
      return;
    }
    for (let end = start + 1; end <= words.length - left + 1; end++)
      await search(end, left - 1, [...acc, words.slice(start, end).join(' ')]);
  };
  await search(0, n, []);
  return best.lines;
}

/** Largest font size at which the title fits in 2-3 lines (1 line only for very short titles). */
async function layoutTitle(title) {
  const maxWidth = 390;
  const words = title.split(/\s+/);
  for (const size of [52, 48, 44, 40, 37, 34, 31, 28]) {
    const lines = await wrap(title, size, maxWidth);
    if (lines && lines.length <= 3) return { size, lines: await balance(words, lines.length, size) };
  }
  return { size: 28, lines: (await wrap(title, 28, 560)) ?? [title] };
}

async function thumbnailSvg(course) {
  const style = CATEGORY_STYLE[course.category] ?? CATEGORY_STYLE.Others;
  const rand = rng(course.key);
  const hue = (rand() - 0.5) * 24;
  const from = shiftHue(style.from, hue);
  const to = shiftHue(style.to, hue);
  const angle = rand() * 40;
  const { size, lines } = await layoutTitle(course.title);
  const lineHeight = Math.round(size * 1.14);
  const blockHeight = lineHeight * (lines.length - 1) + size * 0.74;
  const firstBaseline = 190 - blockHeight / 2 + size * 0.74;
  const label = course.category.toUpperCase();
  const labelWidth = (await textWidth(label, 13)) + 28;
  const level = course.level ? course.level.toUpperCase() : '';

  const titleText = lines
    .map(
      (line, i) =>
        `<text x="44" y="${r1(firstBaseline + i * lineHeight)}" font-family="${FONT_FAMILY}" font-weight="700" font-size="${size}" fill="#ffffff">${esc(line)}</text>`,
    )
    .join('');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${r1(angle)} 0.5 0.5)">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/>
      <stop offset="1" stop-color="#ffffff" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="#000000" stop-opacity="0.28"/>
      <stop offset="0.75" stop-color="#000000" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <rect width="${W}" height="${H}" fill="url(#glow)"/>
  ${motif(style.motif, rand)}
  <rect width="${W}" height="${H}" fill="url(#shade)"/>
  <rect x="44" y="34" width="${r1(labelWidth)}" height="28" rx="14" fill="rgba(255,255,255,0.2)"/>
  <text x="58" y="53" font-family="${FONT_FAMILY}" font-weight="700" font-size="13" letter-spacing="0" fill="#ffffff">${esc(label)}</text>
  ${titleText}
  <rect x="44" y="${r1(firstBaseline + (lines.length - 1) * lineHeight + 22)}" width="56" height="5" rx="2.5" fill="rgba(255,255,255,0.85)"/>
  <text x="44" y="330" font-family="${FONT_FAMILY}" font-weight="700" font-size="16" fill="#ffffff">Kaksha</text>
  <text x="110" y="330" font-family="${FONT_FAMILY}" font-size="13" fill="rgba(255,255,255,0.8)">${esc(level)}</text>
</svg>`;
}

async function generateThumbnails(courses) {
  const dir = path.join(OUT, 'thumbnails');
  mkdirSync(dir, { recursive: true });
  const wanted = new Set(courses.map((c) => c.thumbnail));
  for (const f of readdirSync(dir)) if (f.endsWith('.jpg') && !wanted.has(f)) unlinkSync(path.join(dir, f));
  for (const course of courses) {
    const svg = await thumbnailSvg(course);
    await sharp(Buffer.from(svg), { density: 72 })
      .resize(W, H)
      .flatten({ background: '#000000' })
      .jpeg({ quality: 70, mozjpeg: true, chromaSubsampling: '4:2:0' })
      .toFile(path.join(dir, course.thumbnail));
  }
  report('thumbnails', dir);
}

// ─── Avatars ────────────────────────────────────────────────────────────────────────────────

const AVATAR_COLOURS = [
  ['#f97316', '#db2777'],
  ['#2563eb', '#7c3aed'],
  ['#059669', '#0891b2'],
  ['#be185d', '#7e22ce'],
  ['#4f46e5', '#0ea5e9'],
  ['#d97706', '#b91c1c'],
];

function avatarSvg(user, index) {
  const [from, to] = AVATAR_COLOURS[index % AVATAR_COLOURS.length];
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase())
    .slice(0, 2)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/>
      <stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="256" height="256" fill="url(#g)"/>
  <circle cx="210" cy="40" r="70" fill="rgba(255,255,255,0.1)"/>
  <circle cx="30" cy="230" r="60" fill="rgba(0,0,0,0.08)"/>
  <text x="128" y="128" dy="0.35em" text-anchor="middle" font-family="${FONT_FAMILY}" font-weight="700" font-size="100" fill="#ffffff">${esc(initials)}</text>
</svg>`;
}

async function generateAvatars(users) {
  const dir = path.join(OUT, 'avatars');
  mkdirSync(dir, { recursive: true });
  const withAvatar = users.filter((u) => u.avatar);
  const wanted = new Set(withAvatar.map((u) => u.avatar));
  for (const f of readdirSync(dir)) if (f.endsWith('.jpg') && !wanted.has(f)) unlinkSync(path.join(dir, f));
  for (const [i, user] of withAvatar.entries()) {
    await sharp(Buffer.from(avatarSvg(user, i)))
      .resize(256, 256)
      .jpeg({ quality: 75, mozjpeg: true })
      .toFile(path.join(dir, user.avatar));
  }
  report('avatars', dir);
}

// ─── Videos ─────────────────────────────────────────────────────────────────────────────────

function findFont() {
  const candidates = [
    '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
    '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
    '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
    '/Library/Fonts/Arial Bold.ttf',
  ];
  const found = candidates.find((f) => existsSync(f));
  if (found) return found;
  const fc = spawnSync('fc-match', ['-f', '%{file}', 'sans:bold'], { encoding: 'utf8' });
  return fc.status === 0 && fc.stdout && existsSync(fc.stdout) ? fc.stdout : null;
}

/** Quotes a plain value (font path or text without quotes, colons or backslashes) for a filter. */
function ffq(value) {
  if (/['\\:]/.test(value)) throw new Error(`Unsupported character in filter value: ${value}`);
  return `'${value}'`;
}

function titleOverlay(font, title, subtitle) {
  if (!font) return '';
  const f = ffq(font);
  return [
    `drawbox=x=0:y=ih-78:w=iw:h=78:color=black@0.55:t=fill`,
    `drawtext=fontfile=${f}:text=${ffq(title)}:fontcolor=white:fontsize=26:x=24:y=h-66`,
    `drawtext=fontfile=${f}:text=${ffq(subtitle)}:fontcolor=white@0.8:fontsize=16:x=24:y=h-30`,
  ].join(',');
}

/** The lecture clips: lavfi video source, extra filters and the two tone frequencies (Hz). */
function lectureSpecs(font) {
  const overlay = (n, what) => titleOverlay(font, `Kaksha Demo Lecture ${n}`, what);
  return [
    {
      file: 'lecture-01.mp4',
      seconds: 10,
      video: `testsrc2=size=${W}x${H}:rate=25`,
      filters: overlay(1, 'Sample video generated from the ffmpeg testsrc2 pattern'),
      tone: [220, 330],
    },
    {
      file: 'lecture-02.mp4',
      seconds: 9,
      video: `smptehdbars=size=${W}x${H}:rate=25`,
      filters: [
        font
          ? `drawtext=fontfile=${ffq(font)}:text='%{eif\\:t\\:d} s':fontcolor=white:fontsize=22:x=w-tw-24:y=20:box=1:boxcolor=black@0.5:boxborderw=8`
          : '',
        overlay(2, 'Sample video generated from SMPTE colour bars'),
      ]
        .filter(Boolean)
        .join(','),
      tone: [262, 392],
    },
    {
      file: 'lecture-03.mp4',
      seconds: 12,
      video: `mandelbrot=size=${W}x${H}:rate=25:start_scale=3:end_scale=0.3:end_pts=400:maxiter=512:inner=black`,
      filters: overlay(3, 'Sample video generated from the ffmpeg mandelbrot source'),
      tone: [196, 294],
    },
    {
      file: 'lecture-04.mp4',
      seconds: 10,
      video: `life=size=160x90:rate=10:ratio=0.12:seed=20250101:mold=10:life_color=#7dd3fc:death_color=#0f172a:mold_color=#1e3a8a`,
      filters: [
        `scale=${W}:${H}:flags=neighbor`,
        'fps=25',
        overlay(4, 'Sample video generated from the Game of Life source'),
      ]
        .filter(Boolean)
        .join(','),
      tone: [247, 370],
    },
  ];
}

function runFfmpeg(args) {
  const res = spawnSync(FFMPEG, ['-hide_banner', '-loglevel', 'error', '-y', ...args], {
    encoding: 'utf8',
  });
  if (res.error) throw new Error(`Could not run ${FFMPEG}: ${res.error.message}`);
  if (res.status !== 0) throw new Error(`ffmpeg failed:\n${res.stderr}\nargs: ${args.join(' ')}`);
}

const X264 = [
  '-c:v',
  'libx264',
  '-profile:v',
  'main',
  '-preset',
  'slow',
  '-pix_fmt',
  'yuv420p',
  '-threads',
  '1',
  '-g',
  '50',
];
const BITEXACT = [
  '-map_metadata',
  '-1',
  '-fflags',
  '+bitexact',
  '-flags:v',
  '+bitexact',
  '-flags:a',
  '+bitexact',
  '-movflags',
  '+faststart',
];

async function generateVideos() {
  const dir = path.join(OUT, 'videos');
  mkdirSync(dir, { recursive: true });
  // Encode in a scratch folder and copy finished files in, so the output folder never holds
  // partial files or intermediates.
  const work = mkdtempSync(path.join(os.tmpdir(), 'kaksha-media-'));
  try {
    await encodeVideos(work);
    for (const f of readdirSync(work).filter((f) => f.endsWith('.mp4')))
      copyFileSync(path.join(work, f), path.join(dir, f));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  report('videos', dir);
}

async function encodeVideos(dir) {
  const font = findFont();
  if (!font) console.warn('No TTF font found: videos are generated without title text.');

  for (const spec of lectureSpecs(font)) {
    const s = spec.seconds;
    const [f1, f2] = spec.tone;
    // A quiet two-note chord with short fades, so players show an audio track.
    const audio = `aevalsrc='0.035*sin(2*PI*${f1}*t)+0.025*sin(2*PI*${f2}*t)':s=44100:c=mono:d=${s}`;
    runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      spec.video,
      '-f',
      'lavfi',
      '-i',
      audio,
      '-t',
      String(s),
      ...(spec.filters ? ['-vf', spec.filters] : []),
      '-af',
      `afade=t=in:d=0.5,afade=t=out:st=${s - 0.7}:d=0.7`,
      ...X264,
      '-crf',
      '30',
      '-maxrate',
      '260k',
      '-bufsize',
      '520k',
      '-c:a',
      'aac',
      '-b:a',
      '32k',
      '-ac',
      '1',
      '-ar',
      '44100',
      ...BITEXACT,
      path.join(dir, spec.file),
    ]);
  }

  await generateAboutVideo(dir, font);
}

/**
 * About Us clip: a 640px-periodic gradient band (rendered with sharp) panned by exactly one
 * period over the clip, so the last frame leads seamlessly into the first when looped. Muted.
 */
async function generateAboutVideo(dir, font) {
  const seconds = 8;
  const tile = (dx) => `
    <g transform="translate(${dx} 0)">
      <rect width="${W}" height="${H}" fill="url(#band)"/>
      <circle cx="120" cy="80" r="120" fill="rgba(255,255,255,0.08)"/>
      <circle cx="420" cy="300" r="170" fill="rgba(255,255,255,0.06)"/>
      <circle cx="560" cy="60" r="60" fill="rgba(255,255,255,0.1)"/>
    </g>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W * 2}" height="${H}">
  <defs>
    <linearGradient id="band" x1="0" y1="0" x2="${W}" y2="0" gradientUnits="userSpaceOnUse">
      <stop offset="0" stop-color="#4338ca"/>
      <stop offset="0.3" stop-color="#0891b2"/>
      <stop offset="0.55" stop-color="#7c3aed"/>
      <stop offset="0.8" stop-color="#db2777"/>
      <stop offset="1" stop-color="#4338ca"/>
    </linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.3"/>
    </linearGradient>
  </defs>
  ${tile(0)}${tile(W)}
  <rect width="${W * 2}" height="${H}" fill="url(#shade)"/>
</svg>`;
  const background = path.join(dir, 'about-background.png');
  await sharp(Buffer.from(svg)).png().toFile(background);
  const filters = [`crop=${W}:${H}:x='mod(n*${W / (seconds * 25)}\\,${W})':y=0`, 'format=yuv420p'];
  if (font) {
    filters.push(
      `drawtext=fontfile=${ffq(font)}:text=${ffq('Learn. Build. Grow.')}:fontcolor=white:fontsize=46:x=(w-tw)/2:y=(h-th)/2-18`,
      `drawtext=fontfile=${ffq(font)}:text=${ffq('Kaksha')}:fontcolor=white@0.85:fontsize=22:x=(w-tw)/2:y=(h/2)+40`,
    );
  }
  try {
    runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '25',
      '-i',
      background,
      '-frames:v',
      String(seconds * 25),
      '-vf',
      filters.join(','),
      '-an',
      ...X264,
      '-crf',
      '30',
      '-maxrate',
      '220k',
      '-bufsize',
      '440k',
      ...BITEXACT,
      path.join(dir, 'about.mp4'),
    ]);
  } finally {
    unlinkSync(background);
  }
}

// ─── Main ───────────────────────────────────────────────────────────────────────────────────

function report(label, dir) {
  const files = readdirSync(dir).sort();
  const bytes = files.reduce((sum, f) => sum + statSync(path.join(dir, f)).size, 0);
  console.log(`${label.padEnd(11)} ${String(files.length).padStart(3)} files  ${(bytes / 1024).toFixed(1)} KiB`);
}

const { courses, users } = await readDemoData();
const args = process.argv.slice(2);
const requested = args.filter((a) => a !== '--list');
const want = (part) => requested.length === 0 || requested.includes(part);

if (args.includes('--list')) {
  if (want('thumbnails'))
    for (const c of courses) console.log(`thumbnails/${c.thumbnail}  ${c.category} · ${c.level} · ${c.title}`);
  if (want('avatars')) for (const u of users.filter((u) => u.avatar)) console.log(`avatars/${u.avatar}  ${u.name}`);
  if (want('videos')) for (const v of new Set(courses.flatMap((c) => c.videos))) console.log(`videos/${v}`);
  process.exit(0);
}

if (want('thumbnails')) await generateThumbnails(courses);
if (want('avatars')) await generateAvatars(users);
if (want('videos')) {
  await generateVideos();
  const referenced = new Set(courses.flatMap((c) => c.videos));
  const missing = [...referenced].filter((v) => !existsSync(path.join(OUT, 'videos', v)));
  if (missing.length) console.warn(`demo-data.ts names videos this script does not make: ${missing.join(', ')}`);
}
