import type { PageEntry } from '@kaksha/contracts';
import { CARD_SIZES, COURSE_HERO_SIZES, POPULAR_COURSES_ON_HOME, REVIEWS_ON_HOME } from '@/lib/ui-constants';

/**
 * The API answers a page draws first (spec §2 routes, §7 endpoints). The server puts a
 * `<link rel="preload">` for each into the page's HTML on a first visit, so they download
 * while the app's code does (scripts/postbuild.mjs writes this table to dist/page-data.json).
 * `signedIn`: only for a live session (the server checks it), since the guards send visitors away;
 * `publicCatalogue`: visitors' too when the server's PUBLIC_CATALOGUE is on (guards.tsx lets them in).
 * Keep in step with the pages' queries: a preload nobody reads is a wasted request and a
 * console warning. Every page also gets /api/user/currentuser.
 * `image`: the page's first large image (its LCP: the first card's thumbnail, the course's) is
 * preloaded too, with the `sizes` its `<img>` has; the server knows which image it is.
 * `serverRendered`: for a signed-in user (or such a visitor) the server renders the page itself with this data
 * (src/prerender.tsx, ADR 0014), and the app hydrates that page instead of rendering it again.
 * The entries' shape is the server's too (`PageEntry`, @kaksha/contracts).
 */
export const PAGE_DATA: PageEntry[] = [
  {
    path: '/',
    data: [
      `/api/course/getpublishedcoures?limit=${POPULAR_COURSES_ON_HOME}`,
      `/api/review/allReview?limit=${REVIEWS_ON_HOME}`,
    ],
  },
  // The first catalogue page; a URL with a query string (selected categories) gets no preloads.
  {
    path: '/allcourses',
    data: ['/api/course/catalog'],
    signedIn: true,
    publicCatalogue: true,
    serverRendered: true,
    image: { sizes: CARD_SIZES },
  },
  {
    path: '/viewcourse/:courseId',
    data: ['/api/course/getcourse/:courseId'],
    signedIn: true,
    publicCatalogue: true,
    serverRendered: true,
    image: { sizes: COURSE_HERO_SIZES },
  },
  { path: '/viewlecture/:courseId', data: ['/api/course/getcourse/:courseId'], signedIn: true },
  { path: '/enrolledcourses', data: ['/api/course/getenrolledcourses'], signedIn: true },
  // Public, for everyone and server-rendered for visitors too: fixed text (issue #32), no data.
  { path: '/privacy', data: [], serverRendered: true, public: true },
  // Public: whoever opens a certificate's link (often from LinkedIn, often signed out).
  { path: '/certificate/:id', data: ['/api/certificate/verify/:id'] },
];
