/** Query keys shared across features, so one feature can refresh another's data. */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  publishedCourses: ['courses', 'published'] as const,
  course: (id: string) => ['courses', 'detail', id] as const,
  /** Every course's detail (prefix of `course(id)`). */
  courseDetails: ['courses', 'detail'] as const,
  creatorCourses: ['courses', 'creator'] as const,
  courseLectures: (id: string) => ['courses', 'lectures', id] as const,
  creator: (userId: string) => ['creator', userId] as const,
  allReviews: ['reviews', 'all'] as const,
  progress: (courseId: string) => ['progress', courseId] as const,
  /** Progress summary of every enrolled course (GET /api/progress); ['progress'] invalidates both. */
  progressAll: ['progress', 'all'] as const,
  /** The signed-in learner's enrolled courses (GET /api/course/getenrolledcourses). */
  enrolledCourses: ['courses', 'enrolled'] as const,
  config: ['config'] as const,
  /** A course's quizzes with the viewer's own standing (GET /api/quiz/course/{id}). */
  quizzes: (courseId: string) => ['quizzes', courseId] as const,
  /** The signed-in learner's certificates (GET /api/certificate/mine). */
  myCertificates: ['certificates', 'mine'] as const,
  /** One certificate, public (GET /api/certificate/verify/{id}). */
  certificate: (id: string) => ['certificates', 'verify', id] as const,
  /** The educator dashboard's quiz pass rates and certificates (GET /api/certificate/dashboard). */
  courseOutcomes: ['certificates', 'dashboard'] as const,
  /** The signed-in user's saved courses (GET /api/wishlist). */
  wishlist: ['wishlist'] as const,
  /** The signed-in user's billing details (GET /api/user/billing): they decide the GST split of a quote. */
  billing: ['billing'] as const,
  /** Every quote (a prefix of `quote`): billing details change them all. */
  quotes: ['quotes'] as const,
  /** What a course costs the signed-in learner with a coupon (POST /api/payment/quote). */
  quote: (courseId: string, couponCode: string | undefined) => ['quotes', courseId, couponCode ?? ''] as const,
  /** The educator's coupons with their redemptions (GET /api/coupon/mine). */
  myCoupons: ['coupons', 'mine'] as const,
  /** The learner's paid orders with invoices, refunds and eligibility (GET /api/payment/purchases). */
  purchases: ['purchases'] as const,
};
