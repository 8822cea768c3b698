import type { Course, CourseCard, User } from '@kaksha/contracts';

/** A whole course as the API answers it: an unpublished draft with nothing in it, unless `over` says otherwise. */
export const testCourse = (over: Partial<Course> = {}): Course => ({
  _id: 'c1',
  title: 'Rust for the web',
  subTitle: '',
  description: '',
  category: 'Web Development',
  level: null,
  language: 'en',
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

/** A course's card as lists and the catalogue answer it: a published, priced Web Development course. */
export const testCard = (over: Partial<CourseCard> = {}): CourseCard => ({
  _id: 'c1',
  title: 'Rust for the web',
  subTitle: '',
  category: 'Web Development',
  level: 'Beginner',
  language: 'en',
  price: 499,
  listPrice: null,
  thumbnail: null,
  creator: 'e1',
  creatorName: 'Asha Rao',
  lectureCount: 3,
  avgRating: 4.5,
  reviewCount: 2,
  totalDurationSeconds: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A signed-in user as the API answers one: a learner with no enrolments, unless `over` says otherwise. */
export const testUser = (over: Partial<User> = {}): User => ({
  _id: 'u1',
  name: 'Asha',
  email: 'asha@example.com',
  role: 'student',
  description: '',
  photoUrl: null,
  enrolledCourses: [],
  ...over,
});
