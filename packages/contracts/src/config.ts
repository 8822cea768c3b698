import { z } from 'zod';
import { schema } from './define.ts';
import { PAYMENT_PROVIDERS } from './payments.ts';

/** `GET /api/config`: the public settings the web app needs. Nothing secret. */
export const publicConfigSchema = schema(() =>
  z.object({
    /** Google Identity Services client id; null when Google sign-in is not configured. */
    googleClientId: z.string().nullable(),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    /** The payment provider's public key id (for the checkout widget). */
    paymentKeyId: z.string(),
    currency: z.string(),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigSchema>;
