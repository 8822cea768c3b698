import { MessageCircleQuestion } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { useCourseOutcomes } from '../api/manage-course-outcomes';

/** The dashboard's way to the learners' questions, with how many wait for an answer across the courses. */
export function QuestionsButton() {
  const t = useT();
  const { data } = useCourseOutcomes();
  const waiting = data?.reduce((sum, o) => sum + o.unansweredQuestions, 0) ?? 0;
  return (
    <ButtonLink to="/educator/questions" variant="secondary">
      <MessageCircleQuestion size={16} aria-hidden="true" />
      {t('qaDashboard.button')}
      {waiting > 0 && (
        <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">
          {t('qaDashboard.waiting', { count: waiting })}
        </span>
      )}
    </ButtonLink>
  );
}
