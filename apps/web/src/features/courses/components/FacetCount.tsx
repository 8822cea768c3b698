import { formatNumber } from '@/lib/format';

/** How many courses a filter value would show, after its label: " (1,234)". Nothing while unknown. */
export function FacetCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <>
      {' '}
      <span className="text-muted">({formatNumber(count)})</span>
    </>
  );
}
