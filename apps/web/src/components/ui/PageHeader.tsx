import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A page title with the back arrow the spec puts on most screens. */
export function PageHeader({
  title,
  back,
  backLabel = 'Go back',
  actions,
}: {
  title: ReactNode;
  back?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      {back && (
        <Link to={back} aria-label={backLabel} className="rounded-full p-2 text-ink hover:bg-surface">
          <ArrowLeft size={22} aria-hidden="true" />
        </Link>
      )}
      <h1 className="flex-1 text-2xl font-bold text-ink sm:text-3xl">{title}</h1>
      {actions}
    </div>
  );
}
