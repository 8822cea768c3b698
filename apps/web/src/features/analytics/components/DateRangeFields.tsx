import { useState } from 'react';
import { Select, TextInput } from '@/components/ui/Field';
import { useT } from '@/i18n';
import { type DateRange, indiaToday, lastDays, PRESET_DAYS, rangeProblem } from '../lib/date-range';

const CUSTOM = 'custom';

/**
 * A report's dates: the last 7, 30 or 90 days at one choice, or any From and To. A range the
 * server would refuse (To before From, longer than a year) is said at once and never asked for.
 */
export function DateRangeFields({ range, onChange }: { range: DateRange; onChange: (range: DateRange) => void }) {
  const t = useT();
  const [draft, setDraft] = useState(range);
  // The URL changed the range (back, a link): the fields follow it.
  const [shown, setShown] = useState(range);
  if (shown.from !== range.from || shown.to !== range.to) {
    setShown(range);
    setDraft(range);
  }
  const preset = PRESET_DAYS.find((days) => {
    const r = lastDays(days);
    return r.from === draft.from && r.to === draft.to;
  });
  const problem = rangeProblem(draft);
  const change = (next: DateRange) => {
    setDraft(next);
    if (!rangeProblem(next)) onChange(next);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="sr-only">{t('analytics.dates')}</legend>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <div className="col-span-2 sm:w-44">
          <Select
            label={t('analytics.period')}
            value={preset ? String(preset) : CUSTOM}
            onChange={(e) => {
              if (e.target.value !== CUSTOM) change(lastDays(Number(e.target.value)));
            }}
            options={[
              ...PRESET_DAYS.map((days) => ({ value: String(days), label: t('analytics.lastDays', { days }) })),
              { value: CUSTOM, label: t('analytics.customDates') },
            ]}
          />
        </div>
        <div className="sm:w-44">
          <TextInput
            type="date"
            label={t('analytics.from')}
            value={draft.from}
            max={draft.to}
            onChange={(e) => change({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="sm:w-44">
          <TextInput
            type="date"
            label={t('analytics.to')}
            value={draft.to}
            min={draft.from}
            max={indiaToday()}
            onChange={(e) => change({ ...draft, to: e.target.value })}
          />
        </div>
      </div>
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {t(`analytics.range.${problem}`)}
        </p>
      )}
    </fieldset>
  );
}
