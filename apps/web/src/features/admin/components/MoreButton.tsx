import { Button } from '@/components/ui/Button';

/** "Show more" under a keyset-paged list, while it has a next page. */
export function MoreButton({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-3"
      busy={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      Show more
    </Button>
  );
}

/** What a list shows while loading, on error, or when empty. */
export function ListState({ list, empty }: { list: { isPending: boolean; isError: boolean }; empty: boolean }) {
  if (list.isPending) return <p className="text-sm text-muted">Loading…</p>;
  if (list.isError) return <p className="text-sm text-red-700">This list could not be loaded. Try again.</p>;
  if (empty) return <p className="text-sm text-muted">Nothing here.</p>;
  return null;
}
