import { z } from 'zod';
import { schema, text } from './define.ts';

/*
 * Accounts (spec §7): request bodies of the auth calls. The server decides (spec §5); these
 * are its rules, with messages written for the user who reads them in a toast.
 */
export const ROLES = ['student', 'educator'] as const;
export type Role = (typeof ROLES)[number];
/** Every role an account can have: the sign-up roles, and the operator's (never chosen at sign-up, issue #31). */
export const USER_ROLES = [...ROLES, 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const NAME_MAX = 80;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
export const OTP_LENGTH = 4;

export const nameSchema = schema(() =>
  text('Name', { error: 'Name is required', trim: true })
    .min(1, 'Name is required')
    .max(NAME_MAX, `Name must be at most ${NAME_MAX} characters`),
);

const email = schema(() =>
  text('Email', { error: 'Email is required', trim: true })
    .toLowerCase()
    .min(1, 'Email is required')
    .max(EMAIL_MAX, 'Email is too long')
    .pipe(z.email({ error: 'Enter a valid email address' })),
);

export const passwordSchema = schema(() =>
  text('Password', { error: 'Password is required' })
    .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
    .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
);

const role = schema(() => z.enum(ROLES, { error: "Role must be 'student' or 'educator'" }));

export const signupRequestSchema = schema(() =>
  z.object({
    name: nameSchema,
    email,
    password: passwordSchema,
    role: role.optional().default('student'),
  }),
);
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = schema(() =>
  z.object({
    email: text('Email', { error: 'Email is required', trim: true })
      .toLowerCase()
      .min(1, 'Email is required')
      .max(EMAIL_MAX),
    password: text('Password', { error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  }),
);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sendOtpRequestSchema = schema(() => z.object({ email }));
export const verifyOtpRequestSchema = schema(() =>
  z.object({
    email,
    otp: text('OTP', { error: 'OTP is required', trim: true }).regex(
      new RegExp(`^\\d{${OTP_LENGTH}}$`),
      `The OTP is the ${OTP_LENGTH}-digit code from the email`,
    ),
  }),
);
export const resetPasswordRequestSchema = schema(() => z.object({ email, password: passwordSchema }));

/** Google sign-in: the Google ID token, and the role for a new account ('' on the login page). */
export const googleSignupRequestSchema = schema(() =>
  z.object({
    credential: text('Google credential', { error: 'Google credential is required' }).min(
      1,
      'Google credential is required',
    ),
    role: z.union([role, z.literal(''), z.null()], { error: "Role must be 'student' or 'educator'" }).optional(),
  }),
);
export type GoogleSignupRequest = z.infer<typeof googleSignupRequestSchema>;
