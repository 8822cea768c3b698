import { z } from 'zod';
import { NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './account-rules.ts';
import { ROLES } from './catalog.ts';
import { PAYMENT_PROVIDERS } from './payments.ts';

/*
 * Accounts (spec §7): request bodies of the auth calls. The server decides (spec §5); these
 * are its rules, with messages written for the user who reads them in a toast.
 */
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`);

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

const role = z.enum(ROLES, { error: "Role must be 'student' or 'educator'" });

export const signupRequestSchema = z.object({
  name: nameSchema,
  email,
  password: passwordSchema,
  role: role.optional().default('student'),
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sendOtpRequestSchema = z.object({ email });
export const verifyOtpRequestSchema = z.object({
  email,
  otp: z
    .string({ error: 'OTP is required' })
    .trim()
    .regex(/^\d{4}$/, 'The OTP is the 4-digit code from the email'),
});
export const resetPasswordRequestSchema = z.object({ email, password: passwordSchema });

/** Google sign-in: the Google ID token, and the role for a new account ('' on the login page). */
export const googleSignupRequestSchema = z.object({
  credential: z.string({ error: 'Google credential is required' }).min(1, 'Google credential is required'),
  role: z.union([role, z.literal(''), z.null()], { error: "Role must be 'student' or 'educator'" }).optional(),
});
export type GoogleSignupRequest = z.infer<typeof googleSignupRequestSchema>;

/** `GET /api/config`: the public settings the web app needs. Nothing secret. */
export const publicConfigSchema = z.object({
  /** Google Identity Services client id; null when Google sign-in is not configured. */
  googleClientId: z.string().nullable(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
  /** The payment provider's public key id (for the checkout widget). */
  paymentKeyId: z.string(),
  currency: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
