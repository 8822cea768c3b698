/**
 * Where the app goes after a login, sign-up or Google sign-in: the `next` a guard put in the
 * URL (`/signup?next=/viewcourse/…`) when it is a path of this site, else '/'. A link such as
 * `/login?next=https://evil.example` must never send a user to another site (an open redirect).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return '/';
  // One leading slash only: '//evil.example' and '/\evil.example' are other sites to a browser.
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Browsers drop tabs and line breaks from URLs ('/\t/evil.example' is '//evil.example').
  for (const char of next) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return '/';
  }
  // Whatever is left must still resolve to this origin.
  const origin = 'https://same-origin.invalid';
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : '/';
  } catch {
    return '/';
  }
}

/** `path` with `next` kept (`/signup?next=…`), or `path` alone when `next` is home. */
export const withNext = (path: string, next: string) =>
  next === '/' ? path : `${path}?next=${encodeURIComponent(next)}`;
