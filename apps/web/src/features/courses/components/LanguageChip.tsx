import { type CourseLanguage, LANGUAGES } from '@kaksha/contracts';
import { Languages } from 'lucide-react';
import { Chip } from '@/components/ui/Chip';

/**
 * The language a course is taught in, as a small label beside its category (issue #29): only when
 * it is not English, the catalogue's usual case. Its own name (हिन्दी), with the English one when
 * `english` (the course page has room for it).
 */
export function LanguageChip({ language, english = false }: { language?: CourseLanguage; english?: boolean }) {
  if (!language || language === 'en') return null;
  const { name, english: englishName } = LANGUAGES[language];
  return (
    <Chip>
      <span className="inline-flex items-center gap-1">
        <Languages size={12} aria-hidden="true" />
        <span className="sr-only">Language: </span>
        <bdi lang={language}>{name}</bdi>
        {english ? ` · ${englishName}` : <span className="sr-only"> ({englishName})</span>}
      </span>
    </Chip>
  );
}
