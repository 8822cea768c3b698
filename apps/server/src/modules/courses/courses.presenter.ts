import type { Course, Lecture, Review } from '@kaksha/contracts';
import type { lectures, reviews, users } from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage.ts';
import { photoUrl, thumbnailUrls } from '../media/media.service.ts';
import type { CourseRecord } from './courses.queries.ts';

export const lectureVideoUrl = (lectureId: string) => `/media/lectures/${lectureId}`;

export const presentLecture = (l: typeof lectures.$inferSelect): Lecture => ({
  _id: l.id,
  lectureTitle: l.lectureTitle,
  videoUrl: l.videoKey ? lectureVideoUrl(l.id) : null,
  isPreviewFree: l.isPreviewFree,
  duration: l.durationSeconds,
});

export function presentReview(
  storage: Storage,
  review: typeof reviews.$inferSelect,
  user: typeof users.$inferSelect,
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

/** A course as every endpoint presents it; its creator (`viewerId`) also sees learners and earnings. */
export function presentCourse(storage: Storage, record: CourseRecord, viewerId?: string | null): Course {
  const { course } = record;
  const presented: Course = {
    _id: course.id,
    title: course.title,
    subTitle: course.subTitle,
    description: course.description,
    category: course.category as Course['category'],
    level: course.level as Course['level'],
    price: course.price,
    ...thumbnailUrls(storage, course.thumbnailKey),
    isPublished: course.isPublished,
    creator: course.creatorId,
    creatorName: record.creatorName,
    lectures: record.lectures.map(presentLecture),
    lectureCount: record.lectureCount,
    reviews: record.reviews.map(({ review, user }) => presentReview(storage, review, user, course.title)),
    avgRating: record.avgRating,
    reviewCount: record.reviewCount,
    createdAt: course.createdAt.toISOString(),
    updatedAt: course.updatedAt.toISOString(),
  };
  if (viewerId && viewerId === course.creatorId) {
    presented.enrolledStudents = record.enrolledStudents;
    presented.enrolledCount = record.enrolledCount;
    presented.earnings = Number(record.earnings);
  }
  return presented;
}
