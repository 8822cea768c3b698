import { Chip } from '@/components/ui/Chip';

/** A course's Published / Draft state. */
export function StatusChip({ published }: { published: boolean }) {
  return <Chip tone={published ? 'green' : 'red'}>{published ? 'Published' : 'Draft'}</Chip>;
}
