import { useState } from 'react';
import { AskQuestionForm, type Draft } from './AskQuestionForm';
import type { PlayerLike } from './player';
import type { FilterState } from './QaFilters';
import { QuestionBrowser } from './QuestionBrowser';
import { QuestionDetail } from './QuestionDetail';
import { useQaUrl } from './useQaUrl';

const NO_DRAFT: Draft = { title: '', body: '' };

/**
 * The lecture viewer's Q&A tab (issue #30) for the course's learners and its educator: the
 * questions (list, a question, or the form for a new one, as the URL says: useQaUrl), about the
 * lecture shown and its player. It keeps the list's filters and the unsent question while open.
 */
export function QaPanel({
  courseId,
  lecture,
  player,
}: {
  courseId: string;
  lecture: { _id: string; lectureTitle: string; videoUrl?: string | null } | null;
  player: PlayerLike;
}) {
  const url = useQaUrl();
  const [filters, setFilters] = useState<FilterState>({
    scope: lecture ? 'lecture' : 'course',
    status: 'all',
    sort: 'recent',
    search: '',
  });
  const [draft, setDraft] = useState(NO_DRAFT);

  if (url.questionId) {
    return (
      <QuestionDetail
        key={url.questionId}
        id={url.questionId}
        onBack={url.closeQuestion}
        currentLectureId={lecture?._id ?? null}
        player={player}
        onShowLecture={(lectureId) => url.openQuestion(url.questionId ?? '', lectureId)}
      />
    );
  }
  if (url.askAt !== undefined) {
    return (
      <AskQuestionForm
        courseId={courseId}
        lecture={lecture}
        at={url.askAt}
        draft={draft}
        onDraft={setDraft}
        onOpen={(q) => url.openQuestion(q._id)}
        onDone={(question) => {
          if (question) setDraft(NO_DRAFT);
          url.asked(question?._id ?? null);
        }}
      />
    );
  }
  return (
    <QuestionBrowser
      courseId={courseId}
      lectureId={lecture?._id ?? null}
      canAskAtMoment={!!lecture?.videoUrl}
      filters={filters}
      onFilters={setFilters}
      onAsk={(atMoment) => {
        const at = atMoment ? player.currentTime() : null;
        if (atMoment) player.pause();
        url.ask(at);
      }}
      onOpen={(q) => url.openQuestion(q._id)}
    />
  );
}
