import { Heart } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { PageHeader } from '@/components/ui/PageHeader';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { CourseCard, CourseCardSkeleton } from '@/features/courses';
import { useWishlist } from '@/features/wishlist';
import { useT } from '@/i18n';

const CARD_SIZES = '(min-width: 1024px) 380px, (min-width: 640px) 45vw, 92vw';

/**
 * My Wishlist (/wishlist, signed in): the courses the user saved, most recently added first, as
 * catalogue cards; each card's heart (the cards' action, app/Layout.tsx) takes it out again.
 * Courses unpublished since they were saved are not listed.
 */
export default function WishlistPage() {
  const t = useT();
  usePageTitle(t('titles.wishlist'));
  const wishlist = useWishlist(true);
  const courses = wishlist.data?.courses ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <PageHeader title={t('titles.wishlist')} back="/" backLabel={t('catalog.backHome')} />
      {wishlist.isPending ? (
        <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <CourseCardSkeleton key={i} />
          ))}
        </div>
      ) : wishlist.isError ? (
        <ErrorState
          title={t('wishlist.loadFailed')}
          onRetry={() => void wishlist.refetch()}
          retrying={wishlist.isFetching}
        />
      ) : courses.length === 0 ? (
        <EmptyState title={t('wishlist.empty')} icon={<Heart size={40} />}>
          <p className="text-sm text-muted">{t('wishlist.emptyHint')}</p>
          <ButtonLink to="/allcourses" size="sm" className="mt-2">
            {t('common.browseCourses')}
          </ButtonLink>
        </EmptyState>
      ) : (
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((course, i) => (
            <li key={course._id}>
              <CourseCard course={course} sizes={CARD_SIZES} eager={i < 3} heading="h2" showLevel />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
