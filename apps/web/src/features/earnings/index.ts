export { earningsSummaryQuery } from './api/earnings';

/** The educator's Earnings page, downloaded when first opened. */
export const loadEarningsPage = () => import('./pages/EarningsPage');
