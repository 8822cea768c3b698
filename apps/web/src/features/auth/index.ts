export { useSignOut } from './api/logout';
export { safeNextPath, withNext } from './lib/next-path';

// Each page downloaded when first opened (a chunk of its own).
export const loadLoginPage = () => import('./pages/LoginPage');
export const loadSignupPage = () => import('./pages/SignupPage');
export const loadForgotPasswordPage = () => import('./pages/ForgotPasswordPage');
