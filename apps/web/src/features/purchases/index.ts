export { purchasesQuery } from './api/purchases';

/** The learner's purchases page, downloaded when first opened. */
export const loadPurchasesPage = () => import('./pages/PurchasesPage');
