import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';

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

/** What a list shows while loading, on error, or when empty. */
export function ListState({ list, empty }: { list: { isPending: boolean; isError: boolean }; empty: boolean }) {
  const t = useT();
  if (list.isPending) return <p className="text-sm text-muted">{t('admin.loading')}</p>;
  if (list.isError) return <p className="text-sm text-red-700">{t('admin.listFailed')}</p>;
  if (empty) return <p className="text-sm text-muted">{t('admin.nothing')}</p>;
  return null;
}
