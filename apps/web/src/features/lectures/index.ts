// Each page downloaded when first opened (a chunk of its own).
export const loadCreateLecturePage = () => import('./pages/CreateLecturePage');
export const loadEditLecturePage = () => import('./pages/EditLecturePage');
