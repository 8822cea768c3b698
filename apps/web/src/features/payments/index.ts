export { EnrollButton } from './components/EnrollButton';
