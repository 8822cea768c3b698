import type { Lecture } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { type CourseProgress, type LectureProgress, saveProgress } from '../../api/progress';

/**
 * Saving a lecture's progress: `applySaved` keeps the cached course progress in step with what the
 * server saved (the player's saves too), `toggleComplete` marks a lecture complete or not.
 */
export function useMarkComplete(courseId: string) {
  const client = useQueryClient();
  const [marking, setMarking] = useState(false);

  /** Keeps the cached course progress in step with what the server saved. */
  const applySaved = (saved: LectureProgress) => {
    client.setQueryData<CourseProgress>(queryKeys.progress(courseId), (old) => {
      if (!old) return old;
      const entry = { ...saved, lectureId: saved.lectureId };
      const lectures = old.lectures.some((p) => p.lectureId === saved.lectureId)
        ? old.lectures.map((p) => (p.lectureId === saved.lectureId ? entry : p))
        : [...old.lectures, entry];
      const completedCount = lectures.filter((p) => p.completed).length;
      return {
        ...old,
        lectures,
        completedCount,
        percent: old.totalLectures ? Math.round((completedCount / old.totalLectures) * 100) : 0,
        lastLectureId: saved.lectureId,
      };
    });
  };

  const toggleComplete = async (lecture: Lecture, progress: LectureProgress | undefined) => {
    setMarking(true);
    try {
      const saved = await saveProgress(lecture._id, {
        positionSeconds: progress?.positionSeconds ?? 0,
        completed: !progress?.completed,
      });
      applySaved(saved);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setMarking(false);
    }
  };

  return { applySaved, marking, toggleComplete };
}
