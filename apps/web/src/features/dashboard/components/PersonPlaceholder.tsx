/** The placeholder picture for an educator without a photo (spec §2 dashboard). */
export function PersonPlaceholder({ className = '' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 112 112"
      role="img"
      aria-label="No profile photo"
      className={`rounded-full border-4 border-brand-400 ${className}`}
    >
      <rect width="112" height="112" fill="#e2e8f0" />
      <circle cx="56" cy="44" r="20" fill="#94a3b8" />
      <path d="M20 104c4-22 18-32 36-32s32 10 36 32" fill="#94a3b8" />
    </svg>
  );
}
