export { allReviewsQuery } from './api/all-reviews';
export { CourseReviews } from './components/CourseReviews';
export { ReviewForm } from './components/ReviewForm';
export { Testimonials } from './components/Testimonials';
