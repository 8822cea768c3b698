import { CourseCard } from '@/features/courses';
import { SearchWithAi } from '@/features/search';

/** /searchwithai (spec §2): the AI search, its results drawn as course cards. */
export default function SearchWithAiPage() {
  return <SearchWithAi renderCourse={(course) => <CourseCard course={course} />} />;
}
