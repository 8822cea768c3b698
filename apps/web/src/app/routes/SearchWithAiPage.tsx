import { TrackSearchOpen } from '@/features/analytics';
import { CourseCard } from '@/features/courses';
import { SearchWithAi } from '@/features/search';

/** /searchwithai (spec §2): the AI search, its results drawn as course cards; opening one is recorded (#33). */
export default function SearchWithAiPage() {
  return (
    <SearchWithAi
      renderCourse={(course, rank) => (
        <TrackSearchOpen courseId={course._id} rank={rank}>
          <CourseCard course={course} />
        </TrackSearchOpen>
      )}
    />
  );
}
