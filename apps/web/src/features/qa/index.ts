export type { PlayerLike } from './components/player';
export { QaPanel } from './components/QaPanel';
export { QaResponseTime } from './components/QaResponseTime';
export { SeekMarkers } from './components/SeekMarkers';
export { useQaUrl } from './components/useQaUrl';
// Downloaded when first opened (a chunk of its own).
export const loadInboxPage = () => import('./pages/InboxPage');
