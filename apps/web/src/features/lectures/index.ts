// Each page downloaded when first opened (a chunk of its own).
export const loadCreateLecturePage = () => import('./pages/CreateLecturePage');
// The edit page is composed with the lecture's analytics by app/routes/EditLecturePage (a chunk of its own).
export { default as EditLecturePage } from './pages/EditLecturePage';
