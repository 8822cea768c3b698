import { Link } from 'react-router';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { ApiError, errorMessage } from '@/lib/api';

/** "Show more" under a keyset-paged list, while it has a next page. */
export function MoreButton({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const t = useT();
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-3"
      busy={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {t('admin.more')}
    </Button>
  );
}

/**
 * What a list shows while loading, on error, or when empty. An operator without two-factor sign-in
 * (ADMIN_2FA_REQUIRED, issue #32) is told so and sent to set it up.
 */
export function ListState({
  list,
  empty,
}: {
  list: { isPending: boolean; isError: boolean; error?: unknown };
  empty: boolean;
}) {
  const t = useT();
  if (list.isPending) return <p className="text-sm text-muted">{t('admin.loading')}</p>;
  if (list.error instanceof ApiError && list.error.body?.id === 'two_factor_required_admin')
    return (
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-ink">
        {errorMessage(list.error)}{' '}
        <Link to="/profile#security" className="font-semibold underline underline-offset-2">
          {t('admin.setUpTwoFactor')}
        </Link>
      </p>
    );
  if (list.isError) return <p className="text-sm text-red-700">{t('admin.listFailed')}</p>;
  if (empty) return <p className="text-sm text-muted">{t('admin.nothing')}</p>;
  return null;
}
