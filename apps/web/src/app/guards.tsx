import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { PageSpinner } from '@/components/ui/Spinner';
import { safeNextPath, withNext } from '@/features/auth';
import { useCurrentUser } from '@/lib/current-user';
import NotFoundPage from './NotFoundPage';

/** To /signup (spec §2), remembering the page (`?next=`) so signing in or up comes back to it. */
export function ToSignup() {
  const { pathname, search } = useLocation();
  return <Navigate to={withNext('/signup', `${pathname}${search}`)} replace />;
}

/** Route guards of spec §2. They wait for the current-user answer, so a refresh never bounces. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  return user ? children : <ToSignup />;
}

export function RequireEducator({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (user?.role === 'educator') return children;
  // A signed-in learner gains nothing by coming back here (and /signup sends them home).
  return user ? <Navigate to="/signup" replace /> : <ToSignup />;
}

/**
 * The operator's console (issue #31): admins only. Anyone else signed in is shown the page that does
 * not exist, so the console is not even named to them; a visitor is sent to sign up.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  if (user?.role === 'admin') return children;
  return user ? <NotFoundPage /> : <ToSignup />;
}

/**
 * /signup for visitors only: a signed-in user goes on to `next` (checked) or home. The sign-up
 * itself goes there too; this way the guard, seeing the new user first, agrees with it.
 */
export function RequireGuest({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [params] = useSearchParams();
  if (isLoading) return <PageSpinner />;
  return user ? <Navigate to={safeNextPath(params.get('next'))} replace /> : children;
}
