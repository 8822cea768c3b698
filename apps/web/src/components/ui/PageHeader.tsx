import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '@/i18n';

/** The back arrow the spec puts on most screens: an icon-only link with an accessible name. */
export function BackLink({ to, label, className = '' }: { to: string; label?: string; className?: string }) {
  const t = useT();
  return (
    <Link
      to={to}
      aria-label={label ?? t('common.goBack')}
      className={`inline-flex w-fit shrink-0 rounded-full p-2 text-ink hover:bg-surface ${className}`}
    >
      <ArrowLeft size={22} aria-hidden="true" />
    </Link>
  );
}

/** A page title with the back arrow the spec puts on most screens. */
export function PageHeader({
  title,
  back,
  backLabel,
  actions,
  titleId,
}: {
  title: ReactNode;
  back?: string;
  backLabel?: string;
  actions?: ReactNode;
  titleId?: string;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      {back && <BackLink to={back} label={backLabel} />}
      <h1 id={titleId} className="flex-1 text-2xl font-bold text-ink sm:text-3xl">
        {title}
      </h1>
      {actions}
    </div>
  );
}
