export function Spinner({ className = 'size-5', label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <span className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent`} />
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center text-muted">
      <Spinner className="size-8" />
    </div>
  );
}
