import type { Course, Lecture } from '@kaksha/contracts';
import { useEffect, useState } from 'react';
import type { CourseProgress } from '../../api/progress';

/**
 * Which lecture the viewer shows: first where the learner stopped (if they may watch it), else the
 * first they may watch, else the first; then the one they choose. `requested` (the URL's, from a
 * notification's link) wins when the viewer may open it. `canOpen`: every lecture for the creator
 * and enrolled learners, else free previews; `canWatch`: openable and with a video.
 */
export function useLectureSelection(
  course: Course,
  {
    enrolled,
    isCreator,
    progress,
    requested,
  }: { enrolled: boolean; isCreator: boolean; progress: CourseProgress | null; requested?: string | null },
) {
  const canOpen = (l: Lecture) => isCreator || enrolled || l.isPreviewFree;
  const canWatch = (l: Lecture) => !!l.videoUrl && canOpen(l);
  const openable = (id: string | null | undefined) => course.lectures.find((l) => l._id === id && canOpen(l));
  const [selectedId, setSelectedId] = useState<string | null>(() => {
    if (openable(requested)) return requested ?? null;
    const resume = course.lectures.find((l) => l._id === progress?.lastLectureId && canWatch(l));
    return (resume ?? course.lectures.find(canWatch) ?? course.lectures[0])?._id ?? null;
  });
  /** Once the learner has chosen a lecture, the next one plays at once. */
  const [chosenByUser, setChosenByUser] = useState(false);
  // A new request (a notification followed while here) moves the viewer to that lecture.
  useEffect(() => {
    if (requested && openable(requested)) setSelectedId(requested);
  }, [requested]);
  const current = course.lectures.find((l) => l._id === selectedId) ?? null;
  const byLecture = new Map((progress?.lectures ?? []).map((p) => [p.lectureId, p]));
  const currentProgress = current ? byLecture.get(current._id) : undefined;

  const choose = (lectureId: string) => {
    setChosenByUser(true);
    setSelectedId(lectureId);
  };

  return { canOpen, canWatch, current, currentProgress, byLecture, chosenByUser, choose };
}
