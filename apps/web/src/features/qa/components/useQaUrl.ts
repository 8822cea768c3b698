import { useSearchParams } from 'react-router';

/**
 * The lecture viewer's Q&A state lives in its URL, so a notification's link
 * (`?lecture=…&question=…`), a marker on the seek bar and the back button all reach it:
 * `tab=qa` the Q&A tab is open, `question` the question shown, `ask` the form for a new
 * question (`ask=42`: about second 42 of the lecture; `ask=` about no moment), `lecture` the lecture.
 */
export function useQaUrl() {
  const [params, setParams] = useSearchParams();
  const questionId = params.get('question');
  const askParam = params.get('ask');
  const askAt =
    askParam === null ? undefined : askParam === '' || Number.isNaN(Number(askParam)) ? null : Number(askParam);

  const update = (change: (p: URLSearchParams) => void, replace = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        change(next);
        return next;
      },
      { replace, preventScrollReset: true },
    );

  return {
    /** The Q&A tab is open (asked for, or showing a question or the form). */
    open: params.get('tab') === 'qa' || questionId !== null || askAt !== undefined,
    questionId,
    /** The moment a new question is about (null: none), or undefined when no question is being asked. */
    askAt,
    lectureId: params.get('lecture'),
    setOpen: (open: boolean) =>
      update((p) => {
        p.delete('question');
        p.delete('ask');
        if (open) p.set('tab', 'qa');
        else p.delete('tab');
      }),
    /** Shows a question (in its lecture when given); Back in the browser returns to what was shown. */
    openQuestion: (id: string, lectureId?: string | null) =>
      update((p) => {
        p.set('tab', 'qa');
        p.set('question', id);
        if (lectureId) p.set('lecture', lectureId);
      }, false),
    closeQuestion: () => update((p) => p.delete('question')),
    /** The form for a new question, about second `at` of the lecture or none. */
    ask: (at: number | null) =>
      update((p) => {
        p.set('tab', 'qa');
        p.delete('question');
        p.set('ask', at === null ? '' : String(Math.floor(at)));
      }),
    /** The form is done: show the question just asked, or (null) the list again. */
    asked: (id: string | null) =>
      update((p) => {
        p.delete('ask');
        if (id) p.set('question', id);
      }),
    /** Another lecture was chosen in the viewer: its Q&A starts from the list. */
    lectureChosen: (lectureId: string) =>
      update((p) => {
        p.set('lecture', lectureId);
        p.delete('question');
        p.delete('ask');
      }),
  };
}

export type QaUrl = ReturnType<typeof useQaUrl>;
