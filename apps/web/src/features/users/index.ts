// The profile as a component, for the route page (app/routes/ProfilePage) that adds certificates.
export { default as ProfileView } from './pages/ProfilePage';
// Downloaded when first opened (a chunk of its own).
export const loadEditProfilePage = () => import('./pages/EditProfilePage');
