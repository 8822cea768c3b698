import { useState } from 'react';
import { useParams } from 'react-router';
import { usePageTitle } from '@/components/ui/usePageTitle';
import { trackPlayback } from '@/features/analytics';
import { CertificateCallToAction } from '@/features/certificates';
import { CourseLoadError, InstructorCard, useCourse } from '@/features/courses';
import { LectureViewer, LectureViewerSkeleton, useCourseProgress } from '@/features/learning';
import { QaPanel, SeekMarkers, useQaUrl } from '@/features/qa';
import { placeQuizzes, QuizListItem, QuizPlayer, useCourseQuizzes } from '@/features/quizzes';
import { useT } from '@/i18n';
import { useCurrentUser } from '@/lib/current-user';
import { curriculumGroups } from '@/lib/curriculum';

/**
 * The lecture viewer (spec §2 /viewlecture/{courseId}) with progress for enrolled learners, the
 * course's quizzes in its curriculum (a quiz opens in the player's place) and, for learners,
 * the course certificate once every lecture is completed and every quiz passed. For the course's
 * members (its learners and educator) its Q&A: a tab under the player and markers along the video
 * at the moments questions were asked, kept in the URL (`?lecture=…&question=…`, a notification's link).
 */
export default function ViewLecturePage() {
  const { courseId = '' } = useParams();
  const { user } = useCurrentUser();
  const course = useCourse(courseId);
  const enrolled = !!user?.enrolledCourses.some((c) => c._id === courseId);
  const isCreator = !!course.data && user?._id === course.data.creator;
  const progress = useCourseProgress(courseId, enrolled);
  // Quizzes are for the creator and enrolled learners only (others are refused).
  const quizzes = useCourseQuizzes(courseId, enrolled || isCreator);
  const [open, setOpen] = useState<{ courseId: string; quizId: string } | null>(null);
  const qa = useQaUrl();
  const t = useT();
  usePageTitle(course.data?.title);

  if (course.isPending || (enrolled && progress.isPending)) return <LectureViewerSkeleton />;
  if (course.error || !course.data) {
    return <CourseLoadError error={course.error} back="/enrolledcourses" backLabel="My Enrolled Courses" />;
  }

  const quizList = quizzes.data ?? [];
  const openQuiz = open?.courseId === courseId ? quizList.find((q) => q._id === open.quizId) : undefined;
  const shownSections = new Set(curriculumGroups(course.data).flatMap((g) => (g.section ? [g.section._id] : [])));
  const placed = placeQuizzes(quizList, shownSections);
  const item = (quiz: (typeof quizList)[number]) => (
    <QuizListItem
      key={quiz._id}
      quiz={quiz}
      active={quiz._id === openQuiz?._id}
      onOpen={() => setOpen({ courseId, quizId: quiz._id })}
    />
  );
  const p = progress.data;
  // Q&A is for the course's enrolled learners and its educator (the server refuses others).
  const member = enrolled || isCreator;
  const complete =
    !!p &&
    p.totalLectures > 0 &&
    p.completedCount >= p.totalLectures &&
    quizzes.isSuccess &&
    quizList.every((q) => q.passed);

  return (
    // Keyed by course: moving to another course starts again from its first lecture.
    <LectureViewer
      key={course.data._id}
      course={course.data}
      enrolled={enrolled}
      isCreator={isCreator}
      progress={enrolled ? (p ?? null) : null}
      instructor={isCreator && <InstructorCard creatorId={course.data.creator} />}
      stage={openQuiz && <QuizPlayer key={openQuiz._id} quiz={openQuiz} onClose={() => setOpen(null)} />}
      lectureId={qa.lectureId}
      onLectureChosen={(lectureId) => {
        setOpen(null);
        qa.lectureChosen(lectureId);
      }}
      tab={
        member
          ? {
              label: t('qa.tab'),
              render: (lecture, player) => <QaPanel courseId={courseId} lecture={lecture} player={player} />,
            }
          : undefined
      }
      tabOpen={qa.open}
      onTabOpenChange={qa.setOpen}
      timeline={
        member
          ? (lecture, duration, player) => (
              <SeekMarkers courseId={courseId} lectureId={lecture._id} duration={duration} player={player} />
            )
          : undefined
      }
      afterSection={(sectionId) => placed.afterSection.get(sectionId)?.map(item)}
      listEnd={placed.atEnd.length > 0 ? placed.atEnd.map(item) : undefined}
      asideTop={enrolled && <CertificateCallToAction courseId={courseId} complete={complete} />}
      // Who stays (issue #33): the play and a heartbeat every 15 s played; not the educator's own.
      onPlayback={isCreator ? undefined : (lecture, sample) => trackPlayback(courseId, lecture._id, sample)}
    />
  );
}
