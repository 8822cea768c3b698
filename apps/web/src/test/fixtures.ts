import type { Course } from '@kaksha/contracts';

/** A whole course as the API answers it: an unpublished draft with nothing in it, unless `over` says otherwise. */
export const testCourse = (over: Partial<Course> = {}): Course => ({
  _id: 'c1',
  title: 'Rust for the web',
  subTitle: '',
  description: '',
  category: 'Web Development',
  level: null,
  price: null,
  listPrice: null,
  totalDurationSeconds: null,
  thumbnail: null,
  isPublished: false,
  creator: 'u1',
  lectures: [],
  lectureCount: 0,
  reviews: [],
  avgRating: 0,
  reviewCount: 0,
  enrolledStudents: [],
  enrolledCount: 0,
  earnings: 0,
  quizCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});
