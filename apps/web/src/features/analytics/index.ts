export { CourseReport } from './components/CourseReport';
export { LectureRetention } from './components/LectureRetention';
export { TrackSearchOpen } from './components/TrackSearchOpen';
export { trackPlayback } from './lib/playback';
export { stopTracking, track } from './lib/track';
export { useCourseView } from './lib/useCourseView';

/** "What learners are looking for", downloaded when first opened. */
export const loadSearchDemandPage = () => import('./pages/SearchDemandPage');
