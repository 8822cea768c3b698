import type { Course } from '@kaksha/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { translate } from '@/i18n';
import { errorMessage } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { layoutOf, locate, moveLecture, stepLecture } from '../../api/curriculum-layout';
import { useReorderLectures } from '../../api/sections';
import { groupKey, type Place, placeText } from './places';
import type { FocusRequest } from './useFocusRequest';

/**
 * Moving lectures: to a place (drag and drop), one step up or down, or to the end of a section.
 * Each move sends the whole layout to `reorderlectures`, says in `setStatus` where the lecture
 * went, and asks for the focus on the first of `controls` that is enabled where it is drawn now.
 */
export function useLectureMoves(
  courseId: string,
  course: Course,
  { setStatus, requestFocus }: { setStatus: (text: string) => void; requestFocus: (request: FocusRequest) => void },
) {
  const client = useQueryClient();
  const reorder = useReorderLectures(courseId);
  const titles = new Map(course.lectures.map((l) => [l._id, l.lectureTitle]));

  /** The layout as cached now (a change made a moment ago may not be drawn yet). */
  const currentGroups = () => {
    const cached = client.getQueryData<Course>(queryKeys.courseLectures(courseId));
    return layoutOf(cached ?? course);
  };

  const moveTo = (lectureId: string, place: Place, controls: string[]) => {
    const before = currentGroups();
    const from = locate(before, lectureId);
    if (!from || (from.group === place.group && from.index === place.index)) return;
    const next = moveLecture(before, lectureId, place.group, place.index);
    const at = locate(next, lectureId) ?? place;
    const title = titles.get(lectureId) ?? '';
    requestFocus({ scope: `lecture:${lectureId}`, at: `${groupKey(next[at.group])}:${at.index}`, controls });
    setStatus(translate('lectures.moves.moved', { title, place: placeText(next, at) }));
    reorder.mutate(next, {
      onError: (err) => {
        setStatus(translate('lectures.moves.failed', { title }));
        toast.error(errorMessage(err));
      },
    });
  };

  const step = (lectureId: string, direction: -1 | 1) => {
    const place = stepLecture(currentGroups(), lectureId, direction);
    if (place) moveTo(lectureId, place, direction === -1 ? ['up', 'down'] : ['down', 'up']);
  };

  const toSection = (lectureId: string, sectionKey: string) => {
    const now = currentGroups();
    const group = now.findIndex((g) => groupKey(g) === sectionKey);
    if (group !== -1) moveTo(lectureId, { group, index: now[group].lectureIds.length }, ['section']);
  };

  /** Where a lecture is in the cached layout. */
  const whereIs = (lectureId: string) => locate(currentGroups(), lectureId);

  return { moveTo, step, toSection, whereIs };
}
