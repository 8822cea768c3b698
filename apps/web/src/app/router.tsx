import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import HomePage from '../features/home/pages/HomePage';
import { RequireEducator, RequireGuest, RequireUser } from './guards';
import { Layout } from './Layout';
import NotFoundPage from './NotFoundPage';
import { RouteError } from './RouteError';
import { setLatestLocationKey } from './route-progress';

// The landing page is in the entry bundle (no second round trip); every other page is its own
// chunk, so a visitor downloads only the screens they open.
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const SignupPage = lazy(() => import('../features/auth/pages/SignupPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ProfilePage = lazy(() => import('../features/users/pages/ProfilePage'));
const EditProfilePage = lazy(() => import('../features/users/pages/EditProfilePage'));
const AllCoursesPage = lazy(() => import('../features/courses/pages/AllCoursesPage'));
const ViewCoursePage = lazy(() => import('../features/courses/pages/ViewCoursePage'));
const EnrolledCoursesPage = lazy(() => import('../features/learning/pages/EnrolledCoursesPage'));
const ViewLecturePage = lazy(() => import('../features/learning/pages/ViewLecturePage'));
const SearchWithAiPage = lazy(() => import('../features/search/pages/SearchWithAiPage'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/DashboardPage'));
const CoursesPage = lazy(() => import('../features/courses/pages/manage/CoursesPage'));
const CreateCoursePage = lazy(() => import('../features/courses/pages/manage/CreateCoursePage'));
const EditCoursePage = lazy(() => import('../features/courses/pages/manage/EditCoursePage'));
const CreateLecturePage = lazy(() => import('../features/lectures/pages/CreateLecturePage'));
const EditLecturePage = lazy(() => import('../features/lectures/pages/EditLecturePage'));

const signedIn = (page: React.ReactNode) => <RequireUser>{page}</RequireUser>;
const educator = (page: React.ReactNode) => <RequireEducator>{page}</RequireEducator>;

/** The routes and guards of spec §2. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/forgotpassword', element: <ForgotPasswordPage /> },
      {
        path: '/signup',
        element: (
          <RequireGuest>
            <SignupPage />
          </RequireGuest>
        ),
      },
      { path: '/profile', element: signedIn(<ProfilePage />) },
      { path: '/editprofile', element: signedIn(<EditProfilePage />) },
      { path: '/allcourses', element: signedIn(<AllCoursesPage />) },
      { path: '/viewcourse/:courseId', element: signedIn(<ViewCoursePage />) },
      { path: '/enrolledcourses', element: signedIn(<EnrolledCoursesPage />) },
      { path: '/viewlecture/:courseId', element: signedIn(<ViewLecturePage />) },
      { path: '/searchwithai', element: signedIn(<SearchWithAiPage />) },
      { path: '/dashboard', element: educator(<DashboardPage />) },
      { path: '/courses', element: educator(<CoursesPage />) },
      { path: '/createcourses', element: educator(<CreateCoursePage />) },
      { path: '/addcourses/:courseId', element: educator(<EditCoursePage />) },
      { path: '/createlecture/:courseId', element: educator(<CreateLecturePage />) },
      { path: '/editlecture/:courseId/:lectureId', element: educator(<EditLecturePage />) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

setLatestLocationKey(router.state.location.key);
router.subscribe((state) => setLatestLocationKey(state.location.key));
