import { type CourseLanguage, LANGUAGE_CODES } from '@kaksha/contracts';
import { Checkbox } from '@/components/ui/Checkbox';
import { useT } from '@/i18n';
import { languageChoice } from './catalog-url';
import { FacetCount } from './FacetCount';

/**
 * The catalogue's Language filter (issue #29): each language by its own name (and its English one),
 * with how many courses it would show with the other filters as they are. Of the thirteen, only
 * those with courses among them are listed, and English and the chosen ones always, so the list
 * offers no dead ends and does not bury the few that matter.
 */
export function LanguageFilter({
  selected,
  onToggle,
  counts,
}: {
  selected: readonly CourseLanguage[];
  onToggle: (language: CourseLanguage) => void;
  counts?: ReadonlyMap<string, number>;
}) {
  const t = useT();
  const listed = LANGUAGE_CODES.filter(
    (code) => code === 'en' || selected.includes(code) || (counts?.get(code) ?? 0) > 0,
  );
  return (
    <fieldset className="flex flex-col gap-0.5">
      <legend className="mb-2 text-base font-bold text-ink">{t('catalog.language')}</legend>
      {listed.map((code) => (
        <Checkbox
          key={code}
          label={
            <span>
              <bdi lang={code}>{languageChoice(code).own}</bdi>
              {languageChoice(code).here && <span className="text-muted"> · {languageChoice(code).here}</span>}
              <FacetCount count={counts?.get(code)} />
            </span>
          }
          checked={selected.includes(code)}
          onChange={() => onToggle(code)}
          className="w-full rounded-lg px-2 py-1.5 hover:bg-white"
        />
      ))}
    </fieldset>
  );
}
