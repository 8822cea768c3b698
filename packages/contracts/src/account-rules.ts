/**
 * Accounts: limits and server answers, without zod, so the web app can import them without
 * pulling the schemas into its bundle.
 */
export const NAME_MAX = 80;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const DESCRIPTION_MAX = 1000;

/** Server answers of the password-reset steps, shown as toasts (spec §8). */
export const ACCOUNT_MESSAGES = {
  otpSent: 'If an account exists for this email, we have sent a 4-digit code to it',
  otpVerified: 'OTP verified successfully',
  passwordReset: 'Password reset successfully',
  loggedOut: 'LogOut Successfully',
  invalidLogin: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  googleNotConfigured: 'Google sign-in is not configured on this server',
} as const;
