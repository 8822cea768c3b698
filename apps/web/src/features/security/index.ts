export { SECURITY_ANCHOR, SecuritySection } from './components/SecuritySection';
