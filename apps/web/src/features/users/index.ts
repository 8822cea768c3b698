// Each page downloaded when first opened (a chunk of its own).
export const loadProfilePage = () => import('./pages/ProfilePage');
export const loadEditProfilePage = () => import('./pages/EditProfilePage');
