import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { matchPath, Outlet, useLocation, useNavigation } from 'react-router';
import { CourseCardAction } from '@/features/courses';
import { WishlistButton } from '@/features/wishlist';
import { type MessageKey, translate, useT } from '@/i18n';
import { Navbar } from './navbar/Navbar';

/** Tab titles per route ("All Courses · Kaksha"), as catalogue keys; pages with a course name refine theirs. */
const TITLES: [pattern: string, title: MessageKey | ''][] = [
  ['/', ''],
  ['/login', 'titles.login'],
  ['/signup', 'titles.signup'],
  ['/forgotpassword', 'titles.forgotPassword'],
  ['/profile', 'titles.profile'],
  ['/editprofile', 'titles.editProfile'],
  ['/allcourses', 'titles.allCourses'],
  ['/viewcourse/:courseId', 'titles.course'],
  ['/enrolledcourses', 'titles.enrolledCourses'],
  ['/viewlecture/:courseId', 'titles.lectures'],
  ['/searchwithai', 'titles.searchWithAi'],
  ['/wishlist', 'titles.wishlist'],
  ['/dashboard', 'titles.dashboard'],
  ['/courses', 'titles.courses'],
  ['/createcourses', 'titles.createCourse'],
  ['/addcourses/:courseId', 'titles.editCourse'],
  ['/createlecture/:courseId', 'titles.createLecture'],
  ['/editlecture/:courseId/:lectureId', 'titles.editLecture'],
  ['/editquizzes/:courseId', 'titles.quizzes'],
  ['/certificate/:id', 'titles.certificate'],
  ['/purchases', 'titles.purchases'],
  ['/educator/coupons', 'titles.coupons'],
  ['/educator/questions', 'titles.questions'],
  ['/educator/earnings', 'earnings.title'],
  ['/educator/analytics', 'analytics.overviewTitle'],
  ['/educator/analytics/:courseId', 'analytics.title'],
  ['/educator/search-demand', 'analytics.demandTitle'],
  ['/admin', 'titles.admin'],
];

/** The tab's title for a route, in the interface's language. */
export const titleFor = (pathname: string) => {
  const found = TITLES.find(([pattern]) => matchPath(pattern, pathname));
  if (!found) return `${translate('titles.pageNotFound')} · Kaksha`;
  return found[1] ? `${translate(found[1])} · Kaksha` : 'Kaksha';
};

/** Every course card that links to its course carries the wishlist's heart. */
const wishlistHeart = (courseId: string) => <WishlistButton courseId={courseId} />;

/** A slim bar at the top while the next page's code downloads (the old page stays on screen). */
function RouteProgress({ loading }: { loading: boolean }) {
  // Only when it takes a moment: most navigations finish within a frame and should not flash it.
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(timer);
  }, [loading]);
  if (!loading || !shown) return null;
  return (
    <div className="fixed inset-x-0 top-0 z-[60] h-1 overflow-hidden bg-brand-100" aria-hidden="true">
      <div className="h-full w-full origin-left animate-route-progress bg-brand-600" />
    </div>
  );
}

/**
 * Every page: skip link, top navigation, the page. On a route change: the tab title, a smooth
 * scroll to the top, and focus on <main> so screen readers start reading the new page.
 */
export function Layout() {
  const t = useT();
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const loading = useNavigation().state === 'loading';

  // A layout effect runs before the pages' own effects, so a page's usePageTitle wins.
  useLayoutEffect(() => {
    document.title = titleFor(pathname);
  }, [pathname]);

  useEffect(() => {
    // A page the browser just loaded is where it should be: at its top, where the browser put it
    // back (reload, back), or where the learner scrolled a server-rendered page before the app started.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    const main = mainRef.current;
    const active = document.activeElement;
    // Unless the new page already put focus somewhere inside itself.
    if (main && !(active && active !== main && main.contains(active))) main.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      <RouteProgress loading={loading} />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      <Navbar />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        aria-busy={loading || undefined}
        className="min-h-[70vh] outline-none focus:outline-none focus-visible:outline-none"
      >
        <CourseCardAction.Provider value={wishlistHeart}>
          <Outlet />
        </CourseCardAction.Provider>
      </main>
    </>
  );
}
