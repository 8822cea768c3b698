import { Star } from 'lucide-react';

/** Read-only rating out of 5, e.g. 4.3 fills four stars and part of the fifth. */
export function Stars({ value, size = 16, showValue = true }: { value: number; size?: number; showValue?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={`Rated ${value.toFixed(1)} out of 5`}>
      <span className="relative inline-flex" aria-hidden="true">
        <span className="flex text-slate-300">
          {[1, 2, 3, 4, 5].map((i) => (
            <Star key={i} size={size} fill="currentColor" strokeWidth={0} />
          ))}
        </span>
        <span
          className="absolute inset-0 flex overflow-hidden text-brand-500"
          style={{ width: `${(value / 5) * 100}%` }}
        >
          {[1, 2, 3, 4, 5].map((i) => (
            <Star key={i} size={size} fill="currentColor" strokeWidth={0} className="shrink-0" />
          ))}
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
  return (
    <fieldset className="flex items-center gap-1">
      <legend className="sr-only">Your rating</legend>
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
          <span className="sr-only">
            {i} star{i > 1 ? 's' : ''}
          </span>
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
