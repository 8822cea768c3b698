/** The operator's console, downloaded when first opened (admins only). */
export const loadAdminPage = () => import('./pages/AdminPage');
