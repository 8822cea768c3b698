/*
 * The courses module's public face. Other modules read courses through it (the one course
 * read model: `listPublishedCourses`, `loadCourseCards`, `presentLecture`, `presentReview`),
 * check enrolment (`isEnrolled`) and authorize authoring (`loadOwnedCourse`, `assertCreator`).
 * Reading lives in courses.catalogue.ts, authoring in courses.authoring.ts; both are reached
 * through this file only.
 */
export {
  assertCreator,
  CHECKOUT_OPEN,
  createCourse,
  deleteCourse,
  editCourse,
  HAS_LEARNERS,
  loadOwnedCourse,
  missingForPublish,
} from './courses.authoring.ts';
export { catalogPage, catalogPageJson, isBrowsing } from './courses.browse.ts';
export {
  catalogueViewer,
  courseStatsJson,
  courseVisibility,
  findCourseForViewer,
  findCreator,
  listCreatorCourses,
  listEnrolledCourses,
  loadCourseCards,
  loadPublishedCards,
  presentOwnCourse,
  publicCourseJson,
  publishedCoursesJson,
} from './courses.catalogue.ts';
/** app.ts hands it to the web plugin: the first large image of a course or catalogue page, to preload. */
export { coursePageImages } from './courses.page-image.ts';
export { presentLecture, presentLectureResource, presentReview } from './courses.presenter.ts';
export { isEnrolled, type Reviewer, reviewerColumns } from './courses.queries.ts';
