import type { Course, Lecture } from '@kaksha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import type { CourseProgress } from '../../api/progress';
import { useLectureSelection } from './useLectureSelection';
import { useMarkComplete } from './useMarkComplete';

const saveProgress = vi.hoisted(() => vi.fn());
vi.mock('../../api/progress', () => ({ saveProgress }));

const lecture = (id: string, extra: Partial<Lecture> = {}): Lecture => ({
  _id: id,
  lectureTitle: id,
  videoUrl: `/media/lectures/${id}`,
  isPreviewFree: false,
  ...extra,
});
const course = {
  _id: 'c1',
  lectures: [
    lecture('l1', { videoUrl: null, isPreviewFree: true }),
    lecture('l2', { isPreviewFree: true }),
    lecture('l3'),
  ],
} as Course;
const progress = (lastLectureId: string | null): CourseProgress => ({
  courseId: 'c1',
  completedCount: 0,
  totalLectures: 3,
  percent: 0,
  lastLectureId,
  lectures: [],
});

describe('useLectureSelection', () => {
  it('starts where the learner stopped, if they may watch it, else at the first lecture they may watch', () => {
    const enrolled = renderHook(() =>
      useLectureSelection(course, { enrolled: true, isCreator: false, progress: progress('l3') }),
    );
    expect(enrolled.result.current.current?._id).toBe('l3');
    // A visitor may open free previews only, and watch those with a video.
    const visitor = renderHook(() =>
      useLectureSelection(course, { enrolled: false, isCreator: false, progress: progress('l3') }),
    );
    expect(visitor.result.current.current?._id).toBe('l2');
    expect(course.lectures.map(visitor.result.current.canOpen)).toEqual([true, true, false]);
    expect(visitor.result.current.chosenByUser).toBe(false);
    act(() => visitor.result.current.choose('l1'));
    expect(visitor.result.current.current?._id).toBe('l1');
    expect(visitor.result.current.chosenByUser).toBe(true);
  });
});

describe('useMarkComplete', () => {
  it('marks a lecture complete and counts it in the cached course progress', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.progress('c1'), {
      ...progress('l1'),
      completedCount: 1,
      percent: 33,
      lectures: [{ lectureId: 'l1', positionSeconds: 0, completed: true, updatedAt: '' }],
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const saved = { lectureId: 'l2', positionSeconds: 30, completed: true, updatedAt: '2026-01-01T00:00:00.000Z' };
    saveProgress.mockResolvedValue(saved);
    const { result } = renderHook(() => useMarkComplete('c1'), { wrapper });
    await act(() => result.current.toggleComplete(course.lectures[1], { ...saved, completed: false }));
    expect(saveProgress).toHaveBeenCalledWith('l2', { positionSeconds: 30, completed: true });
    expect(client.getQueryData(queryKeys.progress('c1'))).toMatchObject({
      completedCount: 2,
      percent: 67,
      lastLectureId: 'l2',
      lectures: [{ lectureId: 'l1' }, saved],
    });
    expect(result.current.marking).toBe(false);
  });
});
