import { z } from 'zod';

/**
 * Builds a schema in a call bundlers may drop when it is unused, so the web app can import a
 * feature's constants without pulling zod and every schema into its bundle. Every schema of
 * this package is built through it.
 */
/* @__NO_SIDE_EFFECTS__ */
export function schema<T>(build: () => T): T {
  return build();
}

/** Required text, trimmed, with messages naming the field (titles of courses and lectures). */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);
}

/** Booleans as JSON sends them, or as multipart sends them ("true"/"false"). */
/* @__NO_SIDE_EFFECTS__ */
export function boolField(name: string) {
  return z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
    error: `${name} must be true or false`,
  });
}

/** Multipart sends an untouched choice as ''; it means "leave unchanged". */
export const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `?limit=` of a list endpoint: 1..max; absent means the whole list. */
export const limitQuery = (max: number) => z.object({ limit: z.coerce.number().int().min(1).max(max).optional() });
