import { z } from 'zod';
import { schema, text } from './define.ts';

/**
 * The learner's data rights (issue #32, DPDP Act 2023; ADR 0018): `GET /api/user/export` and
 * `POST /api/user/delete`, served by modules/privacy and shown by the web's features/privacy.
 */

/** What an erased account is shown as, wherever its reviews, questions and answers stay. */
export const DELETED_USER_NAME = 'Deleted user';

/** How long tax documents (invoices, credit notes) and the ledger are kept: CGST Act s.36. */
export const TAX_RECORDS_RETENTION_MONTHS = 72;

/**
 * `POST /api/user/delete`. `password` for an account that has one; an account made through Google
 * sign-in (no password) confirms by typing its e-mail address as `email` instead. `code`: the
 * authenticator's code (or a recovery code) when two-factor sign-in is on.
 */
export const deleteAccountRequestSchema = schema(() =>
  z.object({
    password: text('Password').max(200, 'Password is too long').optional(),
    email: text('E-mail', { trim: true }).max(320, 'E-mail is too long').optional(),
    code: text('Code', { trim: true }).max(64, 'Code is too long').optional(),
  }),
);
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The answer to an erasure: the session cookie is cleared with it. */
export const deleteAccountResultSchema = schema(() => z.object({ deleted: z.literal(true), message: z.string() }));
export type DeleteAccountResult = z.infer<typeof deleteAccountResultSchema>;

/**
 * `GET /api/user/export` of a large account (over `PRIVACY_EXPORT_INLINE_ROWS` rows) answers 202
 * with this: a job makes the ZIP and mails a link to `GET /api/user/export/{id}`, valid until
 * `expiresAt` once ready. A small account gets the ZIP at once (200, application/zip).
 */
export const dataExportSchema = schema(() =>
  z.object({
    id: z.string(),
    status: z.enum(['queued', 'ready', 'failed']),
    /** ISO time after which the link no longer works; null until ready. */
    expiresAt: z.string().nullable(),
    message: z.string(),
  }),
);
export type DataExport = z.infer<typeof dataExportSchema>;

/**
 * `GET /api/user/privacy`: what the profile's Data section needs: how the account confirms its
 * erasure (a password, else its e-mail typed again), whether a 2FA code is asked, recent exports.
 */
export const privacyStatusSchema = schema(() =>
  z.object({ hasPassword: z.boolean(), twoFactorEnabled: z.boolean(), exports: z.array(dataExportSchema) }),
);
export type PrivacyStatus = z.infer<typeof privacyStatusSchema>;

export const PRIVACY_MESSAGES = {
  deleted: 'Your account has been deleted.',
  exportQueued: 'Your data is being gathered. We will e-mail you a download link when it is ready.',
  exportReady: 'Your data export is ready to download.',
  exportFailed: 'Your data export could not be made. Please ask for it again.',
} as const;
