import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { currentUserQuery } from '../features/auth/api/current-user';
import { courseQuery } from '../features/courses/api/course';
import AllCoursesPage from '../features/courses/pages/AllCoursesPage';
import ViewCoursePage from '../features/courses/pages/ViewCoursePage';
import HomePage from '../features/home/pages/HomePage';
import { enrolledCoursesQuery } from '../features/learning/api/enrolled-courses';
import { RequireEducator, RequireGuest, RequireUser } from './guards';
import { Layout } from './Layout';
import NotFoundPage from './NotFoundPage';
import { queryClient } from './query-client';
import { RouteError } from './RouteError';

type Guard = (page: ReactNode) => ReactNode;
const signedIn: Guard = (page) => <RequireUser>{page}</RequireUser>;
const educator: Guard = (page) => <RequireEducator>{page}</RequireEducator>;
const guest: Guard = (page) => <RequireGuest>{page}</RequireGuest>;

/**
 * A page in its own chunk, so a visitor downloads only the screens they open. The router
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
 * learner's way in) are in the entry bundle: no second round trip before they can draw.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      lazyPage('/login', () => import('../features/auth/pages/LoginPage')),
      lazyPage('/forgotpassword', () => import('../features/auth/pages/ForgotPasswordPage')),
      lazyPage('/signup', () => import('../features/auth/pages/SignupPage'), guest),
      lazyPage('/profile', () => import('../features/users/pages/ProfilePage'), signedIn),
      lazyPage('/editprofile', () => import('../features/users/pages/EditProfilePage'), signedIn),
      { path: '/allcourses', element: signedIn(<AllCoursesPage />) },
      { path: '/viewcourse/:courseId', element: signedIn(<ViewCoursePage />) },
      lazyPage(
        '/enrolledcourses',
        () => import('../features/learning/pages/EnrolledCoursesPage'),
        signedIn,
        () => queryClient.prefetchQuery(enrolledCoursesQuery),
      ),
      lazyPage(
        '/viewlecture/:courseId',
        () => import('../features/learning/pages/ViewLecturePage'),
        signedIn,
        (p) => queryClient.prefetchQuery(courseQuery(p.courseId ?? '')),
      ),
      lazyPage('/searchwithai', () => import('../features/search/pages/SearchWithAiPage'), signedIn),
      lazyPage('/dashboard', () => import('../features/dashboard/pages/DashboardPage'), educator),
      lazyPage('/courses', () => import('../features/courses/pages/manage/CoursesPage'), educator),
      lazyPage('/createcourses', () => import('../features/courses/pages/manage/CreateCoursePage'), educator),
      lazyPage('/addcourses/:courseId', () => import('../features/courses/pages/manage/EditCoursePage'), educator),
      lazyPage('/createlecture/:courseId', () => import('../features/lectures/pages/CreateLecturePage'), educator),
      lazyPage(
        '/editlecture/:courseId/:lectureId',
        () => import('../features/lectures/pages/EditLecturePage'),
        educator,
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
