import type { ReactNode } from 'react';
import { useT } from '@/i18n';
import { FacetCount } from './FacetCount';

/** The catalogue filters' shared looks: a group's legend and one choice's row. */
export const groupLegend = 'mb-2 text-base font-bold text-ink';
export const row = 'w-full rounded-lg px-2 py-1.5 hover:bg-white';

/** A filter value's label with the number of courses it would show. */
export function CountedLabel({ children, count }: { children: ReactNode; count: number | undefined }) {
  return (
    <span>
      {children}
      <FacetCount count={count} />
    </span>
  );
}

/** One choice or none ('Any'), as radio buttons. */
export function FacetRadioGroup<V extends string>({
  legend,
  name,
  value,
  options,
  counted,
  onChange,
}: {
  legend: string;
  name: string;
  value: V | null;
  options: { value: V; label: string; count: number | undefined }[];
  counted: boolean;
  onChange: (value: V | null) => void;
}) {
  const t = useT();
  const choices: { value: V | null; label: string; count: number | undefined }[] = [
    { value: null, label: t('catalog.any'), count: undefined },
    ...options,
  ];
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className={groupLegend}>{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value ?? 'any'} className={`flex cursor-pointer items-center gap-3 text-sm text-ink ${row}`}>
          <input
            type="radio"
            name={name}
            className="size-4 shrink-0 accent-ink"
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
          />
          <CountedLabel count={counted ? choice.count : undefined}>{choice.label}</CountedLabel>
        </label>
      ))}
    </fieldset>
  );
}
