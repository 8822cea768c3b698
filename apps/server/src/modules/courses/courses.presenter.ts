import {
  type Course,
  type CourseCard,
  type CourseSection,
  type Lecture,
  type LectureResource,
  type Review,
  shownListPrice,
} from '@kaksha/contracts';
import type {
  courseSections,
  lectureCaptions,
  lectureResources,
  lectures,
  reviews,
} from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage.ts';
import { photoUrl, thumbnailUrls } from '../media/media.service.ts';
import type { CourseCardRecord, CourseRecord, Reviewer } from './courses.queries.ts';

export const lectureVideoUrl = (lectureId: string) => `/media/lectures/${lectureId}`;

/** HLS, poster and caption files live under the lecture's media URL, access-checked like the video. */
export const lectureHlsUrl = (lectureId: string) => `${lectureVideoUrl(lectureId)}/hls/master.m3u8`;
export const lecturePosterUrl = (lectureId: string) => `${lectureVideoUrl(lectureId)}/poster.jpg`;
export const lectureCaptionUrl = (lectureId: string, lang: string) =>
  `${lectureVideoUrl(lectureId)}/captions/${encodeURIComponent(lang)}.vtt`;

/** A lecture's file (modules/lecture-resources), downloaded after the video's access check. */
export const presentLectureResource = (r: typeof lectureResources.$inferSelect): LectureResource => ({
  _id: r.id,
  title: r.title,
  fileName: r.fileName,
  size: r.size,
  contentType: r.contentType,
  url: `/api/course/lectureresources/${r.lectureId}/${r.id}`,
});

/** `resources`: listed when given (the course answers); answers about one lecture's video leave them out. */
export const presentLecture = (
  l: typeof lectures.$inferSelect,
  captions: (typeof lectureCaptions.$inferSelect)[] = [],
  resources?: (typeof lectureResources.$inferSelect)[],
): Lecture => ({
  _id: l.id,
  lectureTitle: l.lectureTitle,
  videoUrl: l.videoKey ? lectureVideoUrl(l.id) : null,
  isPreviewFree: l.isPreviewFree,
  duration: l.durationSeconds,
  sectionId: l.sectionId,
  processing: l.videoKey ? l.processing : null,
  ...(l.videoKey && l.processing === 'failed' && l.processingError ? { processingError: l.processingError } : {}),
  hlsUrl: l.videoKey && l.processing === 'ready' && l.hlsKey ? lectureHlsUrl(l.id) : null,
  posterUrl: l.videoKey && l.posterKey ? lecturePosterUrl(l.id) : null,
  captions: captions.map((c) => ({ lang: c.lang, label: c.label, url: lectureCaptionUrl(l.id, c.lang) })),
  ...(resources ? { resources: resources.map(presentLectureResource) } : {}),
});

/** Sections with their lecture ids, in curriculum order. */
export const presentSections = (
  sections: (typeof courseSections.$inferSelect)[],
  courseLectures: (typeof lectures.$inferSelect)[],
): CourseSection[] =>
  sections.map((sec) => ({
    _id: sec.id,
    title: sec.title,
    position: sec.position,
    lectureIds: courseLectures.filter((l) => l.sectionId === sec.id).map((l) => l.id),
  }));

export function presentReview(
  storage: Storage,
  review: typeof reviews.$inferSelect,
  user: Reviewer,
  courseTitle?: string,
): Review {
  return {
    _id: review.id,
    rating: review.rating,
    comment: review.comment,
    course: review.courseId,
    courseTitle,
    user: { _id: user.id, name: user.name, photoUrl: photoUrl(storage, user), role: user.role },
    createdAt: review.createdAt.toISOString(),
  };
}

/**
 * Seconds of the lectures whose duration is known (measured when processed), in whole seconds;
 * null while none is.
 */
function totalDurationSeconds(courseLectures: (typeof lectures.$inferSelect)[]) {
  const known = courseLectures.flatMap((l) => (l.durationSeconds === null ? [] : [l.durationSeconds]));
  return known.length > 0 ? Math.round(known.reduce((sum, d) => sum + d, 0)) : null;
}

/**
 * A course as every endpoint presents it: its catalogue card and the rest (description, list
 * price, total video duration, lectures, sections, reviews); its creator (`viewerId`) also sees
 * learners, earnings and how many quizzes it has.
 */
export function presentCourse(storage: Storage, record: CourseRecord, viewerId?: string | null): Course {
  const { course } = record;
  const presented: Course = {
    ...presentCourseCard(storage, record),
    listPrice: shownListPrice(course.price, course.listPrice),
    totalDurationSeconds: totalDurationSeconds(record.lectures),
    description: course.description,
    isPublished: course.isPublished,
    lectures: record.lectures.map((l) =>
      presentLecture(l, record.captions.get(l.id), record.resources.get(l.id) ?? []),
    ),
    sections: presentSections(record.sections, record.lectures),
    reviews: record.reviews.map(({ review, user }) => presentReview(storage, review, user, course.title)),
    updatedAt: course.updatedAt.toISOString(),
  };
  if (viewerId && viewerId === course.creatorId) {
    presented.enrolledStudents = record.enrolledStudents;
    presented.enrolledCount = record.enrolledCount;
    presented.earnings = Number(record.earnings);
    presented.quizCount = record.quizCount;
  }
  return presented;
}

/** A catalogue card: what `/allcourses` shows, without lecture or review arrays. */
export function presentCourseCard(storage: Storage, record: CourseCardRecord): CourseCard {
  const { course } = record;
  return {
    _id: course.id,
    title: course.title,
    subTitle: course.subTitle,
    category: course.category as CourseCard['category'],
    level: course.level as CourseCard['level'],
    language: course.language as CourseCard['language'],
    price: course.price,
    listPrice: shownListPrice(course.price, course.listPrice),
    ...thumbnailUrls(storage, course.thumbnailKey),
    creator: course.creatorId,
    creatorName: record.creatorName,
    lectureCount: record.lectureCount,
    avgRating: record.avgRating,
    reviewCount: record.reviewCount,
    totalDurationSeconds: record.totalDurationSeconds,
    createdAt: course.createdAt.toISOString(),
  };
}
