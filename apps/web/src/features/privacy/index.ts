// The profile's "Your data" section (download, delete), for the route page that composes the profile.
export { DataSection } from './components/DataSection';
// The public privacy page: rendered by the server for everyone, so part of the entry bundle (small,
// fixed text) rather than a chunk of its own.
export { default as PrivacyPage } from './pages/PrivacyPage';
