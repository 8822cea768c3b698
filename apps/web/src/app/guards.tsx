import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { useCurrentUser } from '../lib/current-user';

/** Route guards of spec §2. They wait for the current-user answer, so a refresh never bounces. */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  return user ? children : <Navigate to="/signup" replace />;
}

export function RequireEducator({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  return user?.role === 'educator' ? children : <Navigate to="/signup" replace />;
}

export function RequireGuest({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner />;
  return user ? <Navigate to="/" replace /> : children;
}
