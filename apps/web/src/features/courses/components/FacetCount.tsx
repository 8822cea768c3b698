const counted = new Intl.NumberFormat('en-IN');

/** How many courses a filter value would show, after its label: " (1,234)". Nothing while unknown. */
export function FacetCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <>
      {' '}
      <span className="text-muted">({counted.format(count)})</span>
    </>
  );
}
