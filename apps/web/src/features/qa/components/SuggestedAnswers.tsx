import { QA_SEARCH_MAX, type Question } from '@kaksha/contracts';
import { CircleCheck, Lightbulb } from 'lucide-react';
import { useId } from 'react';
import { useT } from '@/i18n';
import { useQuestions } from '../api/questions';
import { useDebounced } from './useDebounced';

const SUGGESTIONS = 5;
/** Fewer letters than this say too little to search by. */
const MIN_SEARCH = 4;

/**
 * "Suggested answers" under a question being typed: the course's questions that match it (the
 * server's search reads words, typos and Hinglish), so a learner may find theirs already answered.
 */
export function SuggestedAnswers({
  courseId,
  text,
  onOpen,
}: {
  courseId: string;
  text: string;
  onOpen: (question: Question) => void;
}) {
  const t = useT();
  const headingId = useId();
  const q = useDebounced(text.trim().slice(0, QA_SEARCH_MAX), 400);
  const enabled = q.length >= MIN_SEARCH;
  const { data } = useQuestions(
    courseId,
    { lectureId: null, status: 'all', sort: 'recent', q, limit: SUGGESTIONS },
    enabled,
  );
  const found = enabled ? (data?.pages[0]?.questions ?? []) : [];
  return (
    <div aria-live="polite">
      {found.length > 0 && (
        <section aria-labelledby={headingId} className="rounded-lg border border-brand-400 bg-brand-50 p-3">
          <h4 id={headingId} className="mb-1 flex items-center gap-2 text-sm font-semibold text-ink">
            <Lightbulb size={16} aria-hidden="true" />
            {t('qa.suggested')}
          </h4>
          <ul className="flex flex-col">
            {found.map((s) => (
              <li key={s._id}>
                <button
                  type="button"
                  onClick={() => onOpen(s)}
                  className="flex min-h-9 w-full items-center gap-2 rounded px-1 text-left text-sm text-ink hover:underline"
                >
                  <span className="min-w-0 flex-1 break-words">{s.title}</span>
                  <span className="flex shrink-0 items-center gap-1 text-xs text-muted">
                    {s.accepted && <CircleCheck size={14} aria-hidden="true" className="text-green-700" />}
                    {t('qa.answers', { count: s.answerCount })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
