import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';

/** A course's Published / Draft state. */
export function StatusChip({ published }: { published: boolean }) {
  const t = useT();
  return <Chip tone={published ? 'green' : 'red'}>{published ? t('course.published') : t('course.draft')}</Chip>;
}
