import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { matchPath, type Params, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/Spinner';
import { loadAdminPage } from '@/features/admin';
import { loadSearchDemandPage } from '@/features/analytics';
import { loadForgotPasswordPage, loadLoginPage, loadSignupPage } from '@/features/auth';
import { loadCertificatePage } from '@/features/certificates';
import { myCouponsQuery } from '@/features/coupons';
import {
  AllCoursesPage,
  catalogQuery,
  courseQuery,
  filtersFromUrl,
  loadCoursesPage,
  loadCreateCoursePage,
  loadDashboardPage,
  loadEditCoursePage,
  newestCoursesQuery,
} from '@/features/courses';
import { earningsSummaryQuery, loadEarningsPage } from '@/features/earnings';
import { enrolledCoursesQuery } from '@/features/learning';
import { loadCreateLecturePage } from '@/features/lectures';
import { PrivacyPage } from '@/features/privacy';
import { loadPurchasesPage, purchasesQuery } from '@/features/purchases';
import { loadInboxPage } from '@/features/qa';
import { allReviewsQuery } from '@/features/reviews';
import { loadEditProfilePage } from '@/features/users';
import { wishlistQuery } from '@/features/wishlist';
import { currentUserQuery } from '@/lib/current-user';
import { publicConfigQuery } from '@/lib/public-config';
import { POPULAR_COURSES_ON_HOME, REVIEWS_ON_HOME } from '@/lib/ui-constants';
import { RequireAdmin, RequireEducator, RequireGuest, RequireUser } from './guards';
import { Layout } from './Layout';
import NotFoundPage from './NotFoundPage';
import { PAGE_DATA } from './page-data';
import { RequireUserUnlessPublicCatalogue } from './public-catalogue';
import { queryClient } from './query-client';
import { RouteError } from './RouteError';
import HomePage from './routes/HomePage';
import ViewCoursePage from './routes/ViewCoursePage';

type Guard = (page: ReactNode) => ReactNode;
const signedIn: Guard = (page) => <RequireUser>{page}</RequireUser>;
const educator: Guard = (page) => <RequireEducator>{page}</RequireEducator>;
const admin: Guard = (page) => <RequireAdmin>{page}</RequireAdmin>;
const guest: Guard = (page) => <RequireGuest>{page}</RequireGuest>;
const catalogue: Guard = (page) => <RequireUserUnlessPublicCatalogue>{page}</RequireUserUnlessPublicCatalogue>;

/**
 * A page in its own chunk, so a visitor downloads only the screens they open: a route page of
 * routes/, or a feature's page through the `load…Page` its index.ts exports. The router
 * downloads the chunk before it shows the page (the old page stays meanwhile; on a first load,
 * a spinner), and the loader starts the page's data at the same moment instead of after it
 * (user → guard → chunk → data). The loader never waits: the page shows its own loading
 * state. Data is fetched only for a signed-in user (the guards send others away).
 */
function lazyPage(
  path: string,
  load: () => Promise<{ default: ComponentType }>,
  guard: Guard = (page) => page,
  prefetchData?: (params: Params) => void,
): RouteObject {
  return {
    path,
    hydrateFallbackElement: <PageSpinner />,
    lazy: async () => {
      const { default: Page } = await load();
      return { element: guard(<Page />) };
    },
    loader: prefetchData
      ? ({ params }) => {
          void queryClient.ensureQueryData(currentUserQuery).then((user) => user && prefetchData(params));
          return null;
        }
      : undefined,
  };
}

/**
 * The routes and guards of spec §2. The landing page, the catalogue and the course page (a
 * learner's way in) are in the entry bundle: no second round trip before they can draw. The
 * browser's router (router.tsx) and the server's render of a page (src/prerender.tsx) share them.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      lazyPage('/login', loadLoginPage),
      lazyPage('/forgotpassword', loadForgotPasswordPage),
      lazyPage('/signup', loadSignupPage, guest),
      lazyPage('/profile', () => import('./routes/ProfilePage'), signedIn),
      lazyPage('/editprofile', loadEditProfilePage, signedIn),
      // Signed-in only, or anyone's with the server's PUBLIC_CATALOGUE on.
      { path: '/allcourses', element: catalogue(<AllCoursesPage />) },
      { path: '/viewcourse/:courseId', element: catalogue(<ViewCoursePage />) },
      lazyPage(
        '/enrolledcourses',
        () => import('./routes/EnrolledCoursesPage'),
        signedIn,
        () => queryClient.prefetchQuery(enrolledCoursesQuery),
      ),
      lazyPage(
        '/viewlecture/:courseId',
        () => import('./routes/ViewLecturePage'),
        signedIn,
        (p) => queryClient.prefetchQuery(courseQuery(p.courseId ?? '')),
      ),
      lazyPage('/searchwithai', () => import('./routes/SearchWithAiPage'), signedIn),
      lazyPage(
        '/wishlist',
        () => import('./routes/WishlistPage'),
        signedIn,
        () => queryClient.prefetchQuery(wishlistQuery),
      ),
      lazyPage('/purchases', loadPurchasesPage, signedIn, () => queryClient.prefetchQuery(purchasesQuery)),
      lazyPage('/dashboard', loadDashboardPage, educator),
      lazyPage('/courses', loadCoursesPage, educator),
      lazyPage('/createcourses', loadCreateCoursePage, educator),
      lazyPage('/addcourses/:courseId', loadEditCoursePage, educator),
      lazyPage('/createlecture/:courseId', loadCreateLecturePage, educator),
      // The lecture's edit screen with its retention curve (#33).
      lazyPage('/editlecture/:courseId/:lectureId', () => import('./routes/EditLecturePage'), educator),
      lazyPage('/editquizzes/:courseId', () => import('./routes/EditQuizzesPage'), educator),
      lazyPage(
        '/educator/coupons',
        () => import('./routes/CouponsPage'),
        educator,
        () => queryClient.prefetchQuery(myCouponsQuery),
      ),
      lazyPage('/educator/questions', loadInboxPage, educator),
      lazyPage('/educator/earnings', loadEarningsPage, educator, () => queryClient.prefetchQuery(earningsSummaryQuery)),
      // Analytics (#33): all the educator's courses, one course, and what learners search for.
      lazyPage('/educator/analytics', () => import('./routes/CourseAnalyticsPage'), educator),
      lazyPage('/educator/analytics/:courseId', () => import('./routes/CourseAnalyticsPage'), educator),
      lazyPage('/educator/search-demand', loadSearchDemandPage, educator),
      lazyPage('/admin', loadAdminPage, admin),
      // Public: a certificate's page, for anyone holding its link or QR code.
      lazyPage('/certificate/:id', loadCertificatePage),
      // Public, server-rendered for everyone (page-data.ts): in the entry bundle, like the catalogue.
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * What the first page drawn after a full load shows at once (the server preloads the same
 * answers, app/page-data.ts): the landing's popular courses and reviews, the catalogue's first
 * page, a course. Only the pages in the entry bundle; the signed-in ones for a signed-in user, or
 * (`publicCatalogue`) for a visitor too when the server's PUBLIC_CATALOGUE is on.
 */
const FIRST_PAGE_DATA: {
  path: string;
  signedIn?: true;
  publicCatalogue?: true;
  load: (client: QueryClient, params: Params, search: URLSearchParams) => unknown;
}[] = [
  {
    path: '/',
    load: (client) => [
      client.prefetchQuery(newestCoursesQuery(POPULAR_COURSES_ON_HOME)),
      client.prefetchQuery(allReviewsQuery(REVIEWS_ON_HOME)),
    ],
  },
  {
    path: '/allcourses',
    signedIn: true,
    publicCatalogue: true,
    load: (client, _, search) => client.prefetchInfiniteQuery(catalogQuery(filtersFromUrl(search))),
  },
  {
    path: '/viewcourse/:courseId',
    signedIn: true,
    publicCatalogue: true,
    load: (client, params) => client.prefetchQuery(courseQuery(params.courseId ?? '')),
  },
];

const firstPage = (pathname: string) =>
  FIRST_PAGE_DATA.map((page) => ({ ...page, match: matchPath(page.path, pathname) })).find((page) => page.match);

/** Whether the server renders this page for a signed-in user (then it also sends the page's data). */
export const isServerRendered = (pathname: string) =>
  PAGE_DATA.some((page) => page.serverRendered && matchPath(page.path, pathname) !== null);

/**
 * Whether the guards show this page to whoever the query cache holds (the user, and for a visitor
 * the public settings): the server renders a page only for a viewer the app would show it to.
 */
export function shownTo(pathname: string, client: QueryClient) {
  if (client.getQueryData(currentUserQuery.queryKey)) return true;
  const page = firstPage(pathname);
  if (!page?.signedIn) return true;
  return !!page.publicCatalogue && client.getQueryData(publicConfigQuery.queryKey)?.publicCatalogue === true;
}

/** Whether a page's first data is for this viewer (a visitor's public settings asked only when they matter). */
async function dataFor(page: (typeof FIRST_PAGE_DATA)[number], client: QueryClient, user: Promise<unknown>) {
  if (!page.signedIn || (await user)) return true;
  if (!page.publicCatalogue) return false;
  const config = await client.ensureQueryData(publicConfigQuery).catch(() => null);
  return config?.publicCatalogue === true;
}

/**
 * Resolves once the current page's first data is in the query cache (never rejects; prefetches
 * swallow errors). src/boot.tsx waits for it before the first render, so that render, which is a
 * transition and so sliced into short tasks, already draws the page with its data: an answer
 * arriving after it would re-render the page in one long task (a query's update is never sliced).
 */
export async function firstPageData(location: { pathname: string; search: string }, client = queryClient) {
  const page = firstPage(location.pathname);
  const user = client.ensureQueryData(currentUserQuery);
  const data =
    page?.match && (await dataFor(page, client, user))
      ? page.load(client, page.match.params, new URLSearchParams(location.search))
      : undefined;
  await Promise.all([user, ...(Array.isArray(data) ? data : [data])]);
}
