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

/*
 * Two-factor sign-in and devices (issue #32). TOTP codes (RFC 6238: 6 digits, 30 s) from an
 * authenticator app; recovery codes of 16 letters and digits shown once as four groups of four.
 */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

const totpCode = schema(() =>
  text('Code', { error: 'Code is required', trim: true })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .regex(
          new RegExp(`^\\d{${TOTP_DIGITS}}$`),
          `The code is the ${TOTP_DIGITS}-digit number in your authenticator app`,
        ),
    ),
);
const recoveryCode = schema(() =>
  text('Recovery code', { error: 'Recovery code is required', trim: true })
    .min(1, 'Recovery code is required')
    .max(40, 'Recovery code is too long'),
);

/** `POST /api/auth/2fa/setup`: the new secret for the authenticator app (not yet on: `enable` turns it on). */
export const twoFactorSetupSchema = schema(() =>
  z.object({
    /** Base32, for typing into an app that cannot scan. */
    secret: z.string(),
    /** `otpauth://totp/Kaksha:<email>?secret=…&issuer=Kaksha`. */
    otpauthUri: z.string(),
    /** The URI as a QR code, a `data:image/png;base64,…` URL. */
    qrDataUrl: z.string(),
  }),
);
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableRequestSchema = schema(() => z.object({ code: totpCode }));
export const twoFactorRecoveryCodesSchema = schema(() =>
  z.object({ recoveryCodes: z.array(z.string()).length(RECOVERY_CODE_COUNT) }),
);
export type TwoFactorRecoveryCodes = z.infer<typeof twoFactorRecoveryCodesSchema>;

/** Turning 2FA off: the password (accounts that have one) and a code from the app or a recovery code. */
export const twoFactorDisableRequestSchema = schema(() =>
  z.object({
    password: text('Password', { error: 'Password is required' }).max(PASSWORD_MAX).optional(),
    code: text('Code', { error: 'Code is required', trim: true }).min(1, 'Code is required').max(40),
  }),
);
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

/** The second step of a sign-in: a code from the app, or one of the recovery codes. */
export const twoFactorVerifyRequestSchema = schema(() =>
  z.union([z.object({ code: totpCode }), z.object({ recoveryCode })], {
    error: 'Enter the code from your authenticator app or a recovery code',
  }),
);
export type TwoFactorVerifyRequest = z.input<typeof twoFactorVerifyRequestSchema>;

/** A sign-in (password or Google) of an account with 2FA: no session yet, `2fa/verify` finishes it. */
export const twoFactorChallengeSchema = schema(() => z.object({ twoFactorRequired: z.literal(true) }));
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** `GET /api/auth/2fa`: whether 2FA is on, and how many recovery codes are still unused. */
export const twoFactorStatusSchema = schema(() =>
  z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
);
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `GET /api/auth/sessions`: one signed-in browser of the user. */
export const deviceSessionSchema = schema(() =>
  z.object({
    id: z.string(),
    /** From the User-Agent (`Chrome 131`), null when it says nothing recognisable. */
    browser: z.string().nullable(),
    /** `Android 14`, `Windows 10`…, null when unknown. */
    os: z.string().nullable(),
    /** `mobile`, `tablet`, `desktop`, or null. */
    platform: z.string().nullable(),
    /** The IP's first two octets as `203.0.x.x` (IPv6: `2001:db8:…`): the only place kept. */
    network: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    /** The session of this request. */
    current: z.boolean(),
  }),
);
export type DeviceSession = z.infer<typeof deviceSessionSchema>;
export const deviceSessionsSchema = schema(() => z.object({ sessions: z.array(deviceSessionSchema) }));
export const revokeOthersResponseSchema = schema(() => z.object({ revoked: z.number().int() }));
export const sessionIdParamsSchema = schema(() => z.object({ id: text('id') }));
