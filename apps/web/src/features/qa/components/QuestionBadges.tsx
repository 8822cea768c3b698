import type { Question } from '@kaksha/contracts';
import { CircleCheck, Flag, Lock, Star } from 'lucide-react';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';

/** What a question's standing is: featured, answered (accepted), locked, and for the educator its reports. */
export function QuestionBadges({ question }: { question: Question }) {
  const t = useT();
  const icon = 'mr-1 shrink-0';
  return (
    <span className="flex flex-wrap gap-1.5">
      {question.featured && (
        <Chip tone="brand">
          <Star size={12} aria-hidden="true" className={icon} />
          {t('qa.featured')}
        </Chip>
      )}
      {question.accepted ? (
        <Chip tone="green">
          <CircleCheck size={12} aria-hidden="true" className={icon} />
          {t('qa.acceptedAnswer')}
        </Chip>
      ) : question.answered ? (
        <Chip tone="green">{t('qa.answered')}</Chip>
      ) : (
        <Chip>{t('qa.unanswered')}</Chip>
      )}
      {question.locked && (
        <Chip>
          <Lock size={12} aria-hidden="true" className={icon} />
          {t('qa.locked')}
        </Chip>
      )}
      {!!question.reportCount && (
        <Chip tone="red">
          <Flag size={12} aria-hidden="true" className={icon} />
          {t('qa.reports', { count: question.reportCount })}
        </Chip>
      )}
    </span>
  );
}
