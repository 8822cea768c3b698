/**
 * The one table of user-visible texts the server and the web app share: the toasts of spec §8
 * and the server answers the web shows as they are. Texts only one side uses stay with it.
 */
export const MESSAGES = {
  // accounts
  loginSuccess: 'Login Successfully',
  signupSuccess: 'SignUp Successfully',
  logoutSuccess: 'LogOut Successfully',
  invalidLogin: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  otpSent: 'If an account exists for this email, we have sent a 4-digit code to it',
  otpVerified: 'OTP verified successfully',
  passwordReset: 'Password reset successfully',
  passwordMismatch: 'password does not match',
  // profile
  profileUpdateSuccess: 'Profile Update Successfully',
  profileUpdateError: 'Profile Update Error',
  imageTooLarge: 'Images must be 5 MB or smaller',
  // courses and lectures
  courseCreated: 'Course Created',
  courseUpdated: 'Course Updated',
  courseDeleted: 'Course Deleted',
  lectureCreated: 'Lecture Created',
  lectureUpdated: 'Lecture Updated',
  lectureRemoved: 'Lecture Removed',
  lectureRemoveError: 'Lecture remove error',
  sectionCreated: 'Section Created',
  sectionUpdated: 'Section Updated',
  sectionRemoved: 'Section Removed',
  resourceAdded: 'Resource Added',
  resourceRemoved: 'Resource Removed',
  // reviews
  reviewAdded: 'Review Added',
  reviewUpdated: 'Review Updated',
  // payments
  paymentVerified: 'Payment verified. You are now enrolled in this course.',
  freeEnrolled: 'You are now enrolled in this free course.',
  sandboxFailed: 'Test payment failed (simulated). You were not charged; you can try again.',
  enrollError: 'Something went wrong while enrolling.',
  paymentVerifyError: 'Payment verification failed.',
  // wishlist
  couponCreated: 'Coupon created',
  couponUpdated: 'Coupon updated',
  couponRemoved: 'Coupon deleted',
  couponDeactivated: 'This coupon has been used, so it was deactivated instead of deleted',
  refundCreated: 'Your refund is on its way. Access to the course has ended.',
  wishlistAdded: 'Added to your wishlist',
  wishlistRemoved: 'Removed from your wishlist',
  // search
  searchQueryRequired: 'Search query is required',
  somethingWentWrong: 'Something went wrong',
} as const;
