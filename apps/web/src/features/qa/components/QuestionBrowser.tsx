import type { Question } from '@kaksha/contracts';
import { Clock, MessageCircleQuestion, Plus } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { EmptyState } from '@/components/ui/Card';
import { useT } from '@/i18n';
import { useQuestions } from '../api/questions';
import { type FilterState, QaFilters } from './QaFilters';
import { QuestionList, questionPages } from './QuestionList';
import { QuestionSummary } from './QuestionSummary';
import { useDebounced } from './useDebounced';

/**
 * The Q&A tab's list: this lecture's questions or the whole course's, filtered, sorted and
 * searched, with "Ask about this moment" (when a video plays) and "Ask a question".
 */
export function QuestionBrowser({
  courseId,
  lectureId,
  canAskAtMoment,
  filters,
  onFilters,
  onAsk,
  onOpen,
}: {
  courseId: string;
  lectureId: string | null;
  canAskAtMoment: boolean;
  filters: FilterState;
  onFilters: (next: FilterState) => void;
  onAsk: (atMoment: boolean) => void;
  onOpen: (question: Question) => void;
}) {
  const t = useT();
  const q = useDebounced(filters.search.trim());
  const query = useQuestions(courseId, {
    lectureId: filters.scope === 'lecture' ? lectureId : null,
    status: filters.status,
    sort: filters.sort,
    q,
  });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-ink">{t('qa.heading')}</h3>
        <div className="flex flex-wrap gap-2">
          {canAskAtMoment && (
            <Button variant="brand" size="sm" icon={<Clock size={16} aria-hidden="true" />} onClick={() => onAsk(true)}>
              {t('qa.askMoment')}
            </Button>
          )}
          <Button size="sm" icon={<Plus size={16} aria-hidden="true" />} onClick={() => onAsk(false)}>
            {t('qa.ask')}
          </Button>
        </div>
      </div>
      <QaFilters value={filters} onChange={onFilters} hasLecture={!!lectureId} />
      <QuestionList
        pages={questionPages(query)}
        empty={
          <EmptyState title={q ? t('qa.noMatches') : t('qa.none')} icon={<MessageCircleQuestion size={36} />}>
            {q ? t('qa.noMatchesHint') : t('qa.noneHint')}
          </EmptyState>
        }
        renderItem={(question) => <QuestionSummary question={question} onOpen={() => onOpen(question)} />}
      />
    </div>
  );
}
