import type { QaViewer, Question } from '@kaksha/contracts';
import { Lock, LockOpen, Star, ThumbsUp } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useFlag, useVote } from '../api/changes';
import { DeleteButton, ReportButton } from './PostMenu';

/**
 * What the viewer may do to a question: vote (one per person), feature and lock (the course's
 * educator), report (someone else's), delete (their own, or any for the educator).
 */
export function QuestionActions({
  question,
  viewer,
  onDeleted,
}: {
  question: Question;
  viewer: QaViewer;
  onDeleted: () => void;
}) {
  const t = useT();
  const vote = useVote();
  const flag = useFlag();
  const mine = question.author._id === viewer.userId;
  const educator = viewer.role === 'educator';
  const onError = (err: unknown) => toast.error(errorMessage(err));
  const setFlag = (which: 'featured' | 'locked', on: boolean) =>
    flag.mutate({ questionId: question._id, flag: which, on }, { onError });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={question.votedByMe}
        busy={vote.isPending}
        icon={<ThumbsUp size={14} aria-hidden="true" className={question.votedByMe ? 'fill-current' : ''} />}
        onClick={() => vote.mutate({ questionId: question._id, voted: !question.votedByMe }, { onError })}
      >
        {t('qa.vote', { count: question.votes })}
      </Button>
      {educator && (
        <>
          <Button
            variant="ghost"
            size="sm"
            disabled={flag.isPending}
            icon={<Star size={14} aria-hidden="true" className={question.featured ? 'fill-current' : ''} />}
            onClick={() => setFlag('featured', !question.featured)}
          >
            {question.featured ? t('qa.unfeature') : t('qa.feature')}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={flag.isPending}
            icon={question.locked ? <LockOpen size={14} aria-hidden="true" /> : <Lock size={14} aria-hidden="true" />}
            onClick={() => setFlag('locked', !question.locked)}
          >
            {question.locked ? t('qa.unlock') : t('qa.lock')}
          </Button>
        </>
      )}
      {!mine && <ReportButton post={{ kind: 'question', id: question._id }} />}
      {(mine || educator) && <DeleteButton post={{ kind: 'question', id: question._id }} onDeleted={onDeleted} />}
    </div>
  );
}
