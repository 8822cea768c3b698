import { type CourseLanguage, LANGUAGES } from '@kaksha/contracts';
import { Languages } from 'lucide-react';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';
import { languageNameHere } from '@/lib/labels';

/**
 * The language a course is taught in, as a small label beside its category (issue #29): only when
 * it is not English, the catalogue's usual case. Its own name (हिन्दी), with the English one when
 * `english` (the course page has room for it).
 */
export function LanguageChip({ language, english = false }: { language?: CourseLanguage; english?: boolean }) {
  const t = useT();
  if (!language || language === 'en') return null;
  const { name } = LANGUAGES[language];
  // In the interface's language: "Hindi" in English, "तमिल" in Hindi (nothing when it is the language itself).
  const here = languageNameHere(language);
  const other = here !== name ? here : null;
  return (
    <Chip>
      <span className="inline-flex items-center gap-1">
        <Languages size={12} aria-hidden="true" />
        <span className="sr-only">{t('courses.languageLabel')} </span>
        <bdi lang={language}>{name}</bdi>
        {other && (english ? ` · ${other}` : <span className="sr-only"> ({other})</span>)}
      </span>
    </Chip>
  );
}
