import type { Quiz, QuizRequest, QuizResult } from '@kaksha/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';

/**
 * A course's quizzes in course order, with the viewer's attempts, best score and pass. Only the
 * course's creator gets the correct answers and explanations; others get them after a submit.
 */
export const courseQuizzesQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.quizzes(courseId),
    queryFn: () => api.get<Quiz[]>(`/api/quiz/course/${courseId}`),
  });

/** Readable by the creator and enrolled learners only: `enabled` says whether the viewer is one. */
export const useCourseQuizzes = (courseId: string, enabled = true) =>
  useQuery({ ...courseQuizzesQuery(courseId), enabled });

/**
 * Grades one attempt on the server; the course's quizzes are read again (attempts, best, passed,
 * and a new order of the options for the next attempt).
 */
export function useSubmitQuiz(quiz: Pick<Quiz, '_id' | 'courseId'>) {
  const client = useQueryClient();
  return useMutation({
    // Option ids, not positions: the server shuffled the options for this attempt.
    mutationFn: (answers: string[][]) => api.post<QuizResult>(`/api/quiz/submit/${quiz._id}`, { answers }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.quizzes(quiz.courseId) }),
  });
}

/** Creates a quiz (no `quizId`) or replaces one. */
export function useSaveQuiz(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quizId, quiz }: { quizId?: string; quiz: QuizRequest }) =>
      api.post<Quiz & { message: string }>(quizId ? `/api/quiz/edit/${quizId}` : `/api/quiz/create/${courseId}`, quiz),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quizzes(courseId) }),
  });
}

export function useRemoveQuiz(courseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quizId: string) => api.delete<{ message: string }>(`/api/quiz/remove/${quizId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.quizzes(courseId) }),
  });
}
