export { CourseCheckout } from './components/CourseCheckout';
export { EnrollButton } from './components/EnrollButton';
