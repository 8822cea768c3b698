import { QA_SEARCH_MAX, type QaSort, type QaStatus } from '@kaksha/contracts';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { controlClass, Select } from '@/components/ui/Field';
import { useT } from '@/i18n';

export type Scope = 'lecture' | 'course';

export interface FilterState {
  scope: Scope;
  status: QaStatus;
  sort: QaSort;
  search: string;
}

/** The list's filters: this lecture or the whole course, answered or not, newest or most voted, and a search. */
export function QaFilters({
  value,
  onChange,
  hasLecture,
}: {
  value: FilterState;
  onChange: (next: FilterState) => void;
  hasLecture: boolean;
}) {
  const t = useT();
  const searchId = useId();
  const set = (change: Partial<FilterState>) => onChange({ ...value, ...change });
  const scopes: { id: Scope; label: string }[] = [
    { id: 'lecture', label: t('qa.scopeLecture') },
    { id: 'course', label: t('qa.scopeCourse') },
  ];
  return (
    <div className="flex flex-col gap-3">
      {hasLecture && (
        <fieldset className="flex w-fit rounded-lg border border-line bg-surface p-1">
          <legend className="sr-only">{t('qa.scopeLabel')}</legend>
          {scopes.map((s) => (
            <button
              key={s.id}
              type="button"
              aria-pressed={value.scope === s.id}
              onClick={() => set({ scope: s.id })}
              className="min-h-9 rounded-md px-3 text-sm font-medium text-muted aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow-sm"
            >
              {s.label}
            </button>
          ))}
        </fieldset>
      )}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium text-ink">
            {t('qa.searchLabel')}
          </label>
          <div className="relative">
            <Search size={16} aria-hidden="true" className="absolute left-3 top-1/2 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              type="search"
              value={value.search}
              maxLength={QA_SEARCH_MAX}
              placeholder={t('qa.searchPlaceholder')}
              onChange={(e) => set({ search: e.target.value })}
              className={`${controlClass} pl-9`}
            />
          </div>
        </div>
        <Select
          label={t('qa.statusLabel')}
          value={value.status}
          onChange={(e) => set({ status: e.target.value as QaStatus })}
          options={[
            { value: 'all', label: t('qa.statusAll') },
            { value: 'unanswered', label: t('qa.unanswered') },
            { value: 'answered', label: t('qa.answered') },
          ]}
        />
        <Select
          label={t('qa.sortLabel')}
          value={value.sort}
          onChange={(e) => set({ sort: e.target.value as QaSort })}
          options={[
            { value: 'recent', label: t('qa.sortRecent') },
            { value: 'votes', label: t('qa.sortVotes') },
          ]}
        />
      </div>
    </div>
  );
}
