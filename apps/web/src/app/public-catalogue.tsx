import { useQuery } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '@/components/ui/Button';
import { PageSpinner } from '@/components/ui/Spinner';
import { withNext } from '@/features/auth';
import { CourseCardAction } from '@/features/courses';
import { WishlistButton } from '@/features/wishlist';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { publicConfigQuery } from '@/lib/public-config';
import { ToSignup } from './guards';

/**
 * Where a visitor goes for what needs an account (enrolling, the wishlist): sign-up, which links
 * to login, then back to this page with its filters (`?next=`).
 */
export function useSignUpHref() {
  const { pathname, search } = useLocation();
  return withNext('/signup', `${pathname}${search}`);
}

/** A visitor's heart on a card: to sign-up and back, instead of nothing. */
function VisitorHeart({ courseId }: { courseId: string }) {
  return <WishlistButton courseId={courseId} visitorTo={useSignUpHref()} />;
}
const visitorHeart = (courseId: string) => <VisitorHeart courseId={courseId} />;

/**
 * The catalogue and a course's page (spec §2: signed-in only, else to /signup). With the server's
 * PUBLIC_CATALOGUE on (`GET /api/config`, asked only for a visitor) visitors see them too — the
 * server still refuses them enrolment, lectures, AI search and reviews — and the cards' hearts
 * lead them to sign up.
 */
export function RequireUserUnlessPublicCatalogue({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const config = useQuery({ ...publicConfigQuery, enabled: !isLoading && !user });
  if (isLoading) return <PageSpinner />;
  if (user) return children;
  if (config.isPending) return <PageSpinner />;
  if (!config.data?.publicCatalogue) return <ToSignup />;
  return <CourseCardAction.Provider value={visitorHeart}>{children}</CourseCardAction.Provider>;
}

/**
 * A visitor's Enroll Now and heart on a course page: both lead to sign-up (login is a link away)
 * and back to this course, where the learner enrols; the server refuses a visitor's order anyway.
 */
export function VisitorEnroll({ courseId, wishlist }: { courseId: string; wishlist: boolean }) {
  const t = useT();
  const to = useSignUpHref();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-3">
        <ButtonLink to={to} size="lg">
          {t('enroll.enrollNow')}
        </ButtonLink>
        {wishlist && <WishlistButton courseId={courseId} look="page" visitorTo={to} />}
      </div>
      <p className="text-sm text-muted">{t('visitor.enrollNote')}</p>
    </div>
  );
}

/** In place of a free preview's video for a visitor: only signed-in users may watch one (the server's rule). */
export function VisitorPreview() {
  const t = useT();
  const href = useSignUpHref();
  return (
    <>
      <Lock size={32} aria-hidden="true" />
      <p className="text-sm">{t('visitor.previewNote')}</p>
      <ButtonLink to={href} variant="secondary" size="sm">
        {t('visitor.signUpToWatch')}
      </ButtonLink>
    </>
  );
}
