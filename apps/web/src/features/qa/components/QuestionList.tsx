import type { Question } from '@kaksha/contracts';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { useT } from '@/i18n';

/** The parts of an infinite query a list of questions draws. */
export interface QuestionPages {
  questions: Question[];
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Questions a page at a time ("Show more"), with their loading, error and empty states. */
export function QuestionList({
  pages,
  empty,
  renderItem,
}: {
  pages: QuestionPages;
  empty: ReactNode;
  renderItem: (question: Question) => ReactNode;
}) {
  const t = useT();
  if (pages.isPending) {
    return (
      <div className="flex flex-col gap-3 py-3" aria-busy="true">
        <span className="sr-only" role="status">
          {t('qa.loading')}
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (pages.isError) {
    return <ErrorState title={t('qa.loadFailed')} onRetry={() => void pages.refetch()} retrying={pages.isFetching} />;
  }
  if (pages.questions.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-2">
      <ul className="divide-y divide-line">
        {pages.questions.map((q) => (
          <li key={q._id}>{renderItem(q)}</li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <Button
          variant="secondary"
          size="sm"
          className="self-center"
          busy={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {t('qa.showMore')}
        </Button>
      )}
    </div>
  );
}

/** An infinite query's pages as the list takes them. */
export function questionPages(query: {
  data?: { pages: { questions: Question[] }[] };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}): QuestionPages {
  return { ...query, questions: query.data?.pages.flatMap((p) => p.questions) ?? [] };
}
