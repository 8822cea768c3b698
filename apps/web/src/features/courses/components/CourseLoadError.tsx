import { ButtonLink } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';

/** A course that is missing (404) or failed to load, with a way back. */
export function CourseLoadError({ error, back, backLabel }: { error: unknown; back: string; backLabel: string }) {
  const t = useT();
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <EmptyState title={missing ? t('course.notFound') : t('course.loadFailed')}>
        <ButtonLink to={back} variant="secondary" size="sm" className="mt-2">
          {backLabel}
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
