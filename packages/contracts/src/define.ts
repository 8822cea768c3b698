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

export interface TextOptions {
  /** The message when the value is missing or not a string (zod's own when not given). */
  error?: string;
  /** Trimmed before it is checked. */
  trim?: boolean;
  /** Tab, line feed and carriage return are allowed (descriptions, comments, questions). */
  multiline?: boolean;
}

/**
 * Every text a request carries (bodies, form fields, query strings, route params) is built
 * from this one schema. It refuses what no one types and PostgreSQL cannot store: NUL (the
 * database rejects it, which was a 500) and the other C0 controls, tab and line breaks
 * included unless the field is multi-line; and lone surrogates, halves of a UTF-16 pair that
 * have no UTF-8 (drivers would store U+FFFD instead). The messages name the field, as `label`
 * says it. Chain the field's own rules after it: `text('Name', { trim: true }).min(1, …)`.
 */
/* @__NO_SIDE_EFFECTS__ */
export function text(label: string, { error, trim = false, multiline = false }: TextOptions = {}) {
  const string = z.string(error === undefined ? undefined : { error });
  return (trim ? string.trim() : string)
    .refine((value) => !hasControlCharacter(value, multiline), {
      error: `${label} must not contain control characters`,
    })
    .refine((value) => !hasLoneSurrogate(value), { error: `${label} must be valid Unicode text` });
}

function hasControlCharacter(value: string, multiline: boolean) {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return true;
  }
  return false;
}

function hasLoneSurrogate(value: string) {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = value.charCodeAt(i + 1);
    // A high surrogate followed by a low one is one character; anything else is broken.
    if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}

/** Required text, trimmed, with messages naming the field (titles, labels; `multiline` for questions). */
/* @__NO_SIDE_EFFECTS__ */
export function requiredText(label: string, max: number, options: Pick<TextOptions, 'multiline'> = {}) {
  return text(label, { error: `${label} is required`, trim: true, ...options })
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
