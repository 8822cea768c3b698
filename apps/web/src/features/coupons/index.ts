export { myCouponsQuery } from './api/coupons';
export { CouponManager } from './components/CouponManager';
export type { CouponCourse } from './components/useCouponForm';
