import type { Category } from '@kaksha/contracts';

/** Presentation constants of the web app (the server knows nothing of them). */

/** Category tiles on the landing page, in the spec's order (§1). */
export const LANDING_CATEGORIES: readonly Category[] = [
  'Web Development',
  'UI UX Designing',
  'App Development',
  'Ethical Hacking',
  'AI/ML',
  'Data Science',
  'Data Analytics',
  'AI Tools',
];
export const POPULAR_COURSES_ON_HOME = 6;
export const REVIEWS_ON_HOME = 6;
export const TOAST_AUTO_CLOSE_MS = 5000;
export const CHART_HEIGHT = 300;

/**
 * `sizes` of a course card's thumbnail (catalogue, landing) and of a course page's large one, so the
 * browser picks the smallest sharp rendition. The server's preload of a page's first image uses the
 * same (app/page-data.ts): it must ask for exactly what the `<img>` will.
 */
export const CARD_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';
export const COURSE_HERO_SIZES = '(min-width: 1024px) 560px, 92vw';

/**
 * The `<script type="application/json">` after `#root` holding the data a server-rendered page was
 * rendered with (src/prerender.tsx renderPage; the server's web module writes it, src/boot.tsx reads it).
 */
export const PAGE_STATE_ID = 'page-state';
