export { CourseReviews } from './components/CourseReviews';
export { ReviewForm } from './components/ReviewForm';
export { Testimonials } from './components/Testimonials';
