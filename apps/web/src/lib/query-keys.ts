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
  /** Everything Q&A (a prefix of the keys below): a change to a question or an answer refreshes them all. */
  qa: ['qa'] as const,
  /** A course's questions as listed, filtered and searched (GET /api/qa/course/{id}). */
  qaQuestions: (courseId: string, filters: object) => ['qa', 'list', courseId, filters] as const,
  /** A lecture's questions with their moments: the player's seek-bar markers. */
  qaMarkers: (courseId: string, lectureId: string) => ['qa', 'markers', courseId, lectureId] as const,
  /** One question with its answers (GET /api/qa/question/{id}). */
  qaQuestion: (id: string) => ['qa', 'question', id] as const,
  /** The educator's questions across their courses (GET /api/qa/inbox). */
  qaInbox: (status: string, courseId: string | null) => ['qa', 'inbox', status, courseId ?? ''] as const,
  /** The course page's median time to a first educator answer (GET /api/qa/stats/{id}). */
  qaStats: (courseId: string) => ['qa', 'stats', courseId] as const,
  /** The signed-in user's notifications (a prefix of the keys below). */
  notifications: ['notifications'] as const,
  notificationList: ['notifications', 'list'] as const,
  /** The bell's count, kept live by the server's event stream. */
  notificationsUnread: ['notifications', 'unread'] as const,
  notificationPreferences: ['notifications', 'preferences'] as const,
  /** The educator's earnings: balances and months, the ledger's pages, the payout account. */
  earningsSummary: ['earnings', 'summary'] as const,
  earningsLedger: ['earnings', 'ledger'] as const,
  payoutAccount: ['earnings', 'payout-account'] as const,
  /** The operator console's lists (a prefix): an action there refreshes them all. */
  admin: ['admin'] as const,
  adminList: (list: string, filters: object) => ['admin', list, filters] as const,
};
