export { NotificationBell } from './components/NotificationBell';
export { NotificationPreferences } from './components/NotificationPreferences';
