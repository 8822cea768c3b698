import type { QaAuthor } from '@kaksha/contracts';
import { GraduationCap } from 'lucide-react';
import { Avatar } from '@/components/ui/Avatar';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';
import { formatTimeAgo } from '@/lib/time-ago';

/** Who wrote a post and when; the course's educator marked as such. */
export function AuthorLine({
  author,
  createdAt,
  educator,
}: {
  author: QaAuthor;
  createdAt: string;
  educator: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Avatar name={author.name} photoUrl={author.photoUrl} size={28} alt="" />
      <span className="font-medium text-ink">{author.name}</span>
      {educator && (
        <Chip tone="brand">
          <GraduationCap size={12} aria-hidden="true" className="mr-1" />
          {t('qa.educator')}
        </Chip>
      )}
      <span className="text-xs text-muted">
        <time dateTime={createdAt}>{formatTimeAgo(createdAt)}</time>
      </span>
    </div>
  );
}
