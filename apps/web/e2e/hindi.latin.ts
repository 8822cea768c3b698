import type { Page } from 'playwright-core';

/**
 * Words a Hindi interface writes in Latin letters as Indian apps do: acronyms and units, file
 * formats, product names and the keyboard's keys. Anything else in Latin script on a Hindi screen
 * is a text left untranslated.
 */
const LATIN_ALLOWED = new Set([
  'AI',
  'ML',
  'UI',
  'UX',
  'OTP',
  'PDF',
  'GST',
  'GSTIN',
  'CGST',
  'SGST',
  'IGST',
  'INR',
  'PAN',
  'CVV',
  'MM',
  'YY',
  'ID',
  'KB',
  'MB',
  'GB',
  'Kaksha',
  'English',
  'Google',
  // Authenticator apps the two-factor set-up names (#32), and the browsers and systems a signed-in
  // device is named by (bowser's names, as the devices list shows them).
  'Authenticator',
  'Microsoft',
  'Authy',
  'Chrome',
  'Chromium',
  'Firefox',
  'Safari',
  'Edge',
  'Opera',
  'Linux',
  'Windows',
  'macOS',
  'Android',
  'iOS',
  'LinkedIn',
  'JavaScript',
  'JPEG',
  'PNG',
  'WebP',
  'GIF',
  'AVIF',
  'MP4',
  'WebM',
  'QuickTime',
  'mov',
  'WebVTT',
  'vtt',
  'SubRip',
  'srt',
  'ZIP',
  'Word',
  'PowerPoint',
  'Excel',
  'docx',
  'pptx',
  'xlsx',
  'MERN',
  'DIWALI',
  'hi',
  'en',
  'IN',
]);

/**
 * Every piece of Latin-script text on the page a reader meets (visible text, screen-reader-only
 * text, options, and the aria-label, title, placeholder and alt of shown elements), outside what
 * the page marks as written in another language (`lang`, a course's own texts), `content` (course
 * texts, names, codes the test knows), e-mail addresses, web addresses and numbers.
 */
export async function latinTextOn(page: Page, content: string[] = []): Promise<string[]> {
  const found = await page.evaluate((allowed: string[]) => {
    const out: string[] = [];
    // Another language's text (a course's title, a language's own name) and what nobody reads.
    const skipped = (el: Element) =>
      !!el.closest(
        '[lang]:not([lang="hi"]):not(html), [aria-hidden="true"], script, style, noscript, svg, .Toastify__progress-bar',
      );
    const shown = (el: Element): boolean =>
      el.tagName === 'OPTION' ? shown(el.closest('select') ?? el.parentElement ?? el) : el.checkVisibility();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text || skipped(parent) || !shown(parent)) continue;
      out.push(text);
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (skipped(el) || !shown(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out.map((text) => {
      let rest = text;
      // Longest first, so a title is taken out before a word inside it.
      for (const piece of [...allowed].sort((a, b) => b.length - a.length)) {
        if (piece) rest = rest.split(piece).join(' ');
      }
      return { text, rest };
    });
  }, content);
  const untranslated: string[] = [];
  for (const { text, rest } of found) {
    const cleaned = rest
      .replace(/\S+@\S+\.\S+/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/gi, ' ');
    const words = cleaned.match(/[A-Za-z][A-Za-z'’]*/g) ?? [];
    const bad = words.filter((word) => word.length > 1 && !LATIN_ALLOWED.has(word));
    if (bad.length > 0) untranslated.push(`${text}  [${bad.join(', ')}]`);
  }
  return [...new Set(untranslated)];
}

/** Fields whose values are the API's fixed English words, which the interface shows translated. */
const FIXED_VALUES = new Set(['category', 'level', 'language', 'role', 'status', 'type', 'kind', 'showAnswers']);

/** Every string in API answers: a course's own texts, names, codes (what the interface does not translate). */
export function contentOf(...answers: unknown[]): string[] {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.trim()) strings.push(value.trim());
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) if (!FIXED_VALUES.has(key)) walk(inner);
    }
  };
  answers.forEach(walk);
  return strings;
}
