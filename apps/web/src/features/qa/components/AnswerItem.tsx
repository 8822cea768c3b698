import type { Answer, QaViewer, Question } from '@kaksha/contracts';
import { CircleCheck, Flag } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { Chip } from '@/components/ui/Chip';
import { useT } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useAccept } from '../api/changes';
import { AuthorLine } from './AuthorLine';
import { DeleteButton, ReportButton } from './PostMenu';
import { PostText } from './PostText';

/**
 * An answer: the educator's marked, the accepted one highlighted. The asker and the educator may
 * accept it (or take that back); its author and the educator may delete it; others may report it.
 */
export function AnswerItem({ answer, question, viewer }: { answer: Answer; question: Question; viewer: QaViewer }) {
  const t = useT();
  const accept = useAccept();
  const educator = viewer.role === 'educator';
  const mine = answer.author._id === viewer.userId;
  const canAccept = educator || question.author._id === viewer.userId;
  return (
    <article
      className={`flex flex-col gap-3 rounded-lg border p-4 ${answer.accepted ? 'border-green-600 bg-green-50/60' : 'border-line bg-white'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AuthorLine author={answer.author} createdAt={answer.createdAt} educator={answer.byEducator} />
        <span className="flex flex-wrap gap-1.5">
          {answer.accepted && (
            <Chip tone="green">
              <CircleCheck size={12} aria-hidden="true" className="mr-1" />
              {t('qa.acceptedAnswer')}
            </Chip>
          )}
          {!!answer.reportCount && (
            <Chip tone="red">
              <Flag size={12} aria-hidden="true" className="mr-1" />
              {t('qa.reports', { count: answer.reportCount })}
            </Chip>
          )}
        </span>
      </div>
      <PostText text={answer.body} />
      <div className="flex flex-wrap items-center gap-2">
        {canAccept && (
          <Button
            variant={answer.accepted ? 'ghost' : 'secondary'}
            size="sm"
            busy={accept.isPending}
            icon={<CircleCheck size={14} aria-hidden="true" />}
            onClick={() =>
              accept.mutate(
                { answerId: answer._id, accepted: !answer.accepted },
                { onError: (err) => toast.error(errorMessage(err)) },
              )
            }
          >
            {answer.accepted ? t('qa.unaccept') : t('qa.accept')}
          </Button>
        )}
        {!mine && <ReportButton post={{ kind: 'answer', id: answer._id }} />}
        {(mine || educator) && <DeleteButton post={{ kind: 'answer', id: answer._id }} />}
      </div>
    </article>
  );
}
