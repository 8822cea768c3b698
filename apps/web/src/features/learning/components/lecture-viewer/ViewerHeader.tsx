import type { Course } from '@kaksha/contracts';
import { Link } from 'react-router';
import { Chip } from '@/components/ui/Chip';
import { BackLink } from '@/components/ui/PageHeader';
import { Message, useT } from '@/i18n';
import { categoryName, levelName } from '@/lib/labels';

/** The course's title and tags, with the way back (to the learner's courses, or the course page). */
export function ViewerHeader({ course, enrolled }: { course: Course; enrolled: boolean }) {
  const t = useT();
  const backTo = enrolled ? '/enrolledcourses' : `/viewcourse/${course._id}`;
  return (
    <div className="mb-5 flex items-start gap-3">
      <BackLink to={backTo} label={enrolled ? t('viewer.backToEnrolled') : t('viewer.backToCourse')} />
      <div className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-bold leading-tight text-ink sm:text-3xl">{course.title}</h1>
        <div className="flex flex-wrap gap-2">
          <Chip>{categoryName(course.category)}</Chip>
          {course.level && <Chip tone="brand">{levelName(course.level)}</Chip>}
        </div>
      </div>
    </div>
  );
}

/** For a visitor who is neither enrolled nor the creator: only free previews play. */
export function PreviewNote({ courseId }: { courseId: string }) {
  return (
    <p className="mb-5 rounded-lg border border-brand-400 bg-brand-50 px-4 py-3 text-sm text-ink" role="note">
      <Message
        id="viewer.previewing"
        values={{
          link: (chunks) => (
            <Link to={`/viewcourse/${courseId}`} className="font-semibold underline">
              {chunks}
            </Link>
          ),
        }}
      />
    </p>
  );
}
