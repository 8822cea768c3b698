import { z } from 'zod';
import { schema } from './define.ts';
import { PAYMENT_PROVIDERS } from './payments.ts';
import { refundPolicySchema } from './refunds.ts';

/** `GET /api/config`: the public settings the web app needs. Nothing secret. */
export const publicConfigSchema = schema(() =>
  z.object({
    /** Google Identity Services client id; null when Google sign-in is not configured. */
    googleClientId: z.string().nullable(),
    paymentProvider: z.enum(PAYMENT_PROVIDERS),
    /** The payment provider's public key id (for the checkout widget). */
    paymentKeyId: z.string(),
    currency: z.string(),
    /** Issue #28: shown on the course page and at checkout. */
    refundPolicy: refundPolicySchema,
    /** PUBLIC_CATALOGUE: visitors may open /allcourses and /viewcourse/{id} without an account. */
    publicCatalogue: z.boolean(),
  }),
);
export type PublicConfig = z.infer<typeof publicConfigSchema>;
