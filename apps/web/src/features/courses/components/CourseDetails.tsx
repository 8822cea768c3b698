import type { Course, Lecture } from '@kaksha/contracts';
import { type ReactNode, useState } from 'react';
import { Skeleton } from '@/components/ui/Card';
import { Chip } from '@/components/ui/Chip';
import { BackLink } from '@/components/ui/PageHeader';
import { useT } from '@/i18n';
import { categoryName, levelName } from '@/lib/labels';
import { COURSE_HERO_SIZES } from '@/lib/ui-constants';
import { CourseCard, type CourseCardData } from './CourseCard';
import { CoursePreview } from './CoursePreview';
import { CoursePriceFacts } from './CoursePriceFacts';
import { CourseThumbnail } from './CourseThumbnail';
import { CurriculumList } from './CurriculumList';
import { InstructorCard } from './InstructorCard';
import { LanguageChip } from './LanguageChip';
import { StatusChip } from './StatusChip';

/**
 * A course's page (spec §2 /viewcourse/{courseId}): overview, curriculum with a free preview,
 * instructor and the educator's other courses. The parts other features own come in as slots:
 * `facts` beside the price (the educator's answer time), `enroll` under the price, `reviews`
 * beside the instructor, `reviewForm` (when given) above it,
 * `previewLocked` (when given: a visitor, whom the server does not let watch) instead of the preview's video.
 */
export function CourseDetails({
  course,
  otherCourses,
  enroll,
  facts,
  reviews,
  reviewForm,
  previewLocked,
}: {
  course: Course;
  otherCourses: CourseCardData[];
  enroll: ReactNode;
  facts?: ReactNode;
  reviews: ReactNode;
  reviewForm?: ReactNode;
  previewLocked?: ReactNode;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<Lecture | null>(null);
  const firstPreview = course.lectures.find((l) => l.isPreviewFree && l.videoUrl) ?? null;
  const preview = chosen && course.lectures.some((l) => l._id === chosen._id) ? chosen : firstPreview;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <BackLink to="/allcourses" label={t('course.backToAll')} className="mb-4" />

      <div className="grid gap-8 lg:grid-cols-2">
        <CourseThumbnail
          course={course}
          sizes={COURSE_HERO_SIZES}
          eager
          className="rounded-card border border-line shadow-sm"
        />
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Chip>{categoryName(course.category)}</Chip>
            {course.level && <Chip tone="brand">{levelName(course.level)}</Chip>}
            <LanguageChip language={course.language} english />
            {!course.isPublished && <StatusChip published={false} />}
          </div>
          <div lang={course.language} className="flex flex-col gap-4">
            <h1 className="text-3xl font-bold leading-tight text-ink sm:text-4xl">{course.title}</h1>
            {course.subTitle && <p className="text-lg text-muted">{course.subTitle}</p>}
          </div>
          <CoursePriceFacts course={course} />
          {facts}
          <div>{enroll}</div>
        </div>
      </div>

      {course.description && (
        <section aria-labelledby="about-course" className="mt-10 max-w-4xl">
          <h2 id="about-course" className="mb-3 text-xl font-bold text-ink">
            {t('course.whatYoullLearn')}
          </h2>
          <p lang={course.language} className="whitespace-pre-line leading-relaxed text-muted">
            {course.description}
          </p>
        </section>
      )}

      <div className="below-fold mt-10 grid gap-8 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="curriculum-title" className="rounded-card border border-line bg-white p-5 shadow-sm">
          <h2 id="curriculum-title" className="text-xl font-bold text-ink">
            {t('course.curriculum')}
          </h2>
          <p className="mb-4 text-sm text-muted">{t('course.lectureCount', { count: course.lectureCount })}</p>
          <CurriculumList course={course} selectedId={preview?._id ?? null} onSelect={setChosen} />
        </section>
        <CoursePreview lecture={preview} locked={previewLocked} />
      </div>

      <div className="below-fold mt-10 grid gap-8 lg:grid-cols-[3fr_2fr]">
        {reviews}
        <div className="flex flex-col gap-8">
          {reviewForm && <div className="rounded-card border border-line bg-white p-5 shadow-sm">{reviewForm}</div>}
          <InstructorCard creatorId={course.creator} />
        </div>
      </div>

      {otherCourses.length > 0 && (
        <section aria-labelledby="more-courses-title" className="below-fold mt-12">
          <h2 id="more-courses-title" className="mb-5 text-xl font-bold text-ink">
            {t('course.otherCourses')}
          </h2>
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {otherCourses.map((c) => (
              <li key={c._id}>
                <CourseCard course={c} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

export function CourseDetailsSkeleton() {
  const t = useT();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only" role="status">
        {t('course.loading')}
      </span>
      <Skeleton className="mb-4 size-10 rounded-full" />
      <div className="grid gap-8 lg:grid-cols-2">
        <Skeleton className="aspect-video w-full" />
        <div className="flex flex-col gap-4">
          <Skeleton className="h-6 w-40 rounded-full" />
          <Skeleton className="h-10 w-4/5" />
          <Skeleton className="h-6 w-3/5" />
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-12 w-40" />
        </div>
      </div>
    </div>
  );
}
