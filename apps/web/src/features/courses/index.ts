export { catalogQuery, useCreatorCatalog } from './api/catalog';
export { courseQuery, useCourse } from './api/course';
export { useCreatorCourses } from './api/manage-creator-courses';
export { newestCoursesQuery } from './api/published-courses';
export { CategoryTiles } from './components/CategoryTiles';
export { CourseCard, CourseCardSkeleton } from './components/CourseCard';
export { CourseDetails, CourseDetailsSkeleton } from './components/CourseDetails';
export { CourseLoadError } from './components/CourseLoadError';
export { CourseCardAction } from './components/card-action';
export { filtersFromUrl, selectedCategories } from './components/catalog-url';
export { InstructorCard } from './components/InstructorCard';
export { PopularCourses } from './components/PopularCourses';
// In the entry bundle, not downloaded on demand: the catalogue is a learner's way in.
export { default as AllCoursesPage } from './pages/AllCoursesPage';

// The educator's pages, each downloaded when first opened (a chunk of its own).
export const loadDashboardPage = () => import('./pages/manage/DashboardPage');
export const loadCoursesPage = () => import('./pages/manage/CoursesPage');
export const loadCreateCoursePage = () => import('./pages/manage/CreateCoursePage');
export const loadEditCoursePage = () => import('./pages/manage/EditCoursePage');
