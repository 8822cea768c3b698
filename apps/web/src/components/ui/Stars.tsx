import { Star } from 'lucide-react';
import { useT } from '@/i18n';

/** lucide's `star` (ISC): the shape of the `Star` icon the rating input uses. */
const STAR_PATH =
  'M11.525 2.295a.53.53 0 0 1 .95 0l2.31 4.679a2.123 2.123 0 0 0 1.595 1.16l5.166.756a.53.53 0 0 1 .294.904l-3.736 3.638a2.123 2.123 0 0 0-.611 1.878l.882 5.14a.53.53 0 0 1-.771.56l-4.618-2.428a2.122 2.122 0 0 0-1.973 0L6.396 21.01a.53.53 0 0 1-.77-.56l.881-5.139a2.122 2.122 0 0 0-.611-1.879L2.16 9.795a.53.53 0 0 1 .294-.906l5.165-.755a2.122 2.122 0 0 0 1.597-1.16z';

/**
 * Five stars in one SVG: a page of cards draws hundreds of stars, and ten icon components per
 * rating were a large part of drawing the catalogue (on the server and in the browser).
 */
function FiveStars({ size, className = '' }: { size: number; className?: string }) {
  return (
    <svg
      width={size * 5}
      height={size}
      viewBox="0 0 120 24"
      fill="currentColor"
      className={`block max-w-none ${className}`}
      aria-hidden="true"
      focusable="false"
    >
      {[0, 24, 48, 72, 96].map((x) => (
        <path key={x} d={STAR_PATH} transform={x ? `translate(${x})` : undefined} />
      ))}
    </svg>
  );
}

/** Read-only rating out of 5, e.g. 4.3 fills four stars and part of the fifth. */
export function Stars({ value, size = 16, showValue = true }: { value: number; size?: number; showValue?: boolean }) {
  const t = useT();
  return (
    <span
      className="inline-flex items-center gap-1"
      role="img"
      aria-label={t('stars.rated', { value: value.toFixed(1) })}
    >
      <span className="relative inline-flex" aria-hidden="true">
        <FiveStars size={size} className="text-slate-300" />
        <span className="absolute inset-0 overflow-hidden text-brand-500" style={{ width: `${(value / 5) * 100}%` }}>
          <FiveStars size={size} />
        </span>
      </span>
      {showValue && (
        <span className="text-sm font-semibold text-ink" aria-hidden="true">
          {value.toFixed(1)}
        </span>
      )}
    </span>
  );
}

/** 1 to 5 star choice, starting at 0 (none chosen); a radio group, so arrow keys work. */
export function StarInput({
  value,
  onChange,
  name = 'rating',
}: {
  value: number;
  onChange: (v: number) => void;
  name?: string;
}) {
  const t = useT();
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">{t('stars.yourRating')}</legend>
      {[1, 2, 3, 4, 5].map((i) => (
        <label
          key={i}
          className="cursor-pointer rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
        >
          <input
            type="radio"
            name={name}
            value={i}
            checked={value === i}
            onChange={() => onChange(i)}
            className="sr-only"
          />
          <span className="sr-only">{t('stars.count', { count: i })}</span>
          <Star
            aria-hidden="true"
            size={28}
            strokeWidth={1.5}
            className={i <= value ? 'fill-brand-500 text-brand-500' : 'text-slate-400'}
          />
        </label>
      ))}
    </fieldset>
  );
}
