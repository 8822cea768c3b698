import type { Lecture } from '@kaksha/contracts';
import { Check, CirclePlay } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Skeleton } from '../../../components/ui/Card';
import { Chip } from '../../../components/ui/Chip';
import { CourseCard } from '../../../components/ui/CourseCard';
import { CourseThumbnail } from '../../../components/ui/CourseThumbnail';
import { BackLink } from '../../../components/ui/PageHeader';
import { Stars } from '../../../components/ui/Stars';
import { StatusChip } from '../../../components/ui/StatusChip';
import { usePageTitle } from '../../../components/ui/usePageTitle';
import { formatPrice } from '../../../lib/format';
import { useCurrentUser } from '../../auth/api/current-user';
import { EnrollButton } from '../../payments/components/EnrollButton';
import { ReviewCard } from '../../reviews/components/ReviewCard';
import { ReviewForm } from '../../reviews/components/ReviewForm';
import { useCourse } from '../api/course';
import { usePublishedCourses } from '../api/published-courses';
import { CourseLoadError } from '../components/CourseLoadError';
import { CurriculumList } from '../components/CurriculumList';
import { InstructorCard } from '../components/InstructorCard';

const HERO_SIZES = '(min-width: 1024px) 560px, 92vw';
const REVIEWS_SHOWN = 6;

/** Course detail (spec §2 /viewcourse/{courseId}). */
export default function ViewCoursePage() {
  const { courseId = '' } = useParams();
  const { user } = useCurrentUser();
  const { data: course, isPending, error } = useCourse(courseId);
  const published = usePublishedCourses();
  const [chosen, setChosen] = useState<Lecture | null>(null);
  usePageTitle(course?.title);

  if (isPending) return <ViewCourseSkeleton />;
  if (error || !course) return <CourseLoadError error={error} back="/allcourses" backLabel="Browse all courses" />;

  const firstPreview = course.lectures.find((l) => l.isPreviewFree && l.videoUrl) ?? null;
  const preview = chosen && course.lectures.some((l) => l._id === chosen._id) ? chosen : firstPreview;
  const isCreator = user?._id === course.creator;
  const otherCourses = (published.data ?? []).filter((c) => c.creator === course.creator && c._id !== course._id);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <BackLink to="/allcourses" label="Back to all courses" className="mb-4" />

      <div className="grid gap-8 lg:grid-cols-2">
        <CourseThumbnail
          course={course}
          sizes={HERO_SIZES}
          eager
          className="rounded-card border border-line shadow-sm"
        />
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            <Chip>{course.category}</Chip>
            {course.level && <Chip tone="brand">{course.level}</Chip>}
            {!course.isPublished && <StatusChip published={false} />}
          </div>
          <h1 className="text-3xl font-bold leading-tight text-ink sm:text-4xl">{course.title}</h1>
          {course.subTitle && <p className="text-lg text-muted">{course.subTitle}</p>}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Stars value={course.avgRating} />
            <span className="text-muted">(1,200 reviews)</span>
          </div>
          <p className="flex items-baseline gap-3">
            <span className="text-2xl font-bold text-ink">{formatPrice(course.price)}</span>
            <s className="text-base text-muted">
              <span className="sr-only">Original price </span>₹599
            </s>
          </p>
          <ul className="flex flex-col gap-2 text-sm text-ink">
            <li className="flex items-center gap-2">
              <Check size={18} className="text-green-700" aria-hidden="true" />
              10+ hours of video content
            </li>
            <li className="flex items-center gap-2">
              <Check size={18} className="text-green-700" aria-hidden="true" />
              Lifetime access to course materials
            </li>
          </ul>
          <div>
            <EnrollButton course={course} />
          </div>
        </div>
      </div>

      {course.description && (
        <section aria-labelledby="about-course" className="mt-10 max-w-4xl">
          <h2 id="about-course" className="mb-3 text-xl font-bold text-ink">
            What You'll Learn
          </h2>
          <p className="whitespace-pre-line leading-relaxed text-muted">{course.description}</p>
        </section>
      )}

      <div className="below-fold mt-10 grid gap-8 lg:grid-cols-[2fr_3fr]">
        <section aria-labelledby="curriculum-title" className="rounded-card border border-line bg-white p-5 shadow-sm">
          <h2 id="curriculum-title" className="text-xl font-bold text-ink">
            Course Curriculum
          </h2>
          <p className="mb-4 text-sm text-muted">
            {course.lectureCount} {course.lectureCount === 1 ? 'Lecture' : 'Lectures'}
          </p>
          <CurriculumList lectures={course.lectures} selectedId={preview?._id ?? null} onSelect={setChosen} />
        </section>
        <section aria-labelledby="preview-title" className="rounded-card border border-line bg-white p-5 shadow-sm">
          <h2 id="preview-title" className="mb-4 text-xl font-bold text-ink">
            {preview ? `Preview: ${preview.lectureTitle}` : 'Preview'}
          </h2>
          {preview?.videoUrl ? (
            // biome-ignore lint/a11y/useMediaCaption: lectures have no caption files yet (educators upload the video only)
            <video
              key={preview._id}
              src={preview.videoUrl}
              controls
              playsInline
              // Nothing downloads until the learner presses play: the preview sits below the fold
              // and phones on metered data should not pay for a video they may never watch.
              preload="none"
              width={640}
              height={360}
              className="aspect-video w-full rounded-lg bg-black"
              aria-label={`Preview of ${preview.lectureTitle}`}
            />
          ) : (
            <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-slate-100 text-center text-muted">
              <CirclePlay size={40} aria-hidden="true" />
              <p className="text-sm">No free preview for this course.</p>
            </div>
          )}
        </section>
      </div>

      <div className="below-fold mt-10 grid gap-8 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="course-reviews-title">
          <h2 id="course-reviews-title" className="mb-4 text-xl font-bold text-ink">
            Reviews{' '}
            <span className="text-base font-normal text-muted">
              ({course.reviewCount} · average {course.avgRating.toFixed(1)})
            </span>
          </h2>
          {course.reviews.length === 0 ? (
            <p className="text-sm text-muted">No reviews yet.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2">
              {course.reviews.slice(0, REVIEWS_SHOWN).map((r) => (
                <li key={r._id}>
                  <ReviewCard review={r} showCourse={false} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="flex flex-col gap-8">
          {!isCreator && (
            <div className="rounded-card border border-line bg-white p-5 shadow-sm">
              <ReviewForm courseId={course._id} />
            </div>
          )}
          <InstructorCard creatorId={course.creator} />
        </div>
      </div>

      {otherCourses.length > 0 && (
        <section aria-labelledby="more-courses-title" className="below-fold mt-12">
          <h2 id="more-courses-title" className="mb-5 text-xl font-bold text-ink">
            Other Published Courses by the Educator
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

function ViewCourseSkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8" aria-busy="true">
      <span className="sr-only" role="status">
        Loading course
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
