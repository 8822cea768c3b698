import { z } from 'zod';
import { nameSchema, USER_ROLES } from './auth.ts';
import { enrolledCourseSchema } from './courses.ts';
import { boolField, emptyToUndefined, schema, text } from './define.ts';

export const DESCRIPTION_MAX = 1000;

/**
 * The languages of the interface, e-mails and documents (issue #29); English is the default. A
 * visitor's choice is the `locale` cookie (LOCALE_COOKIE), which sign-up takes over; a user's is
 * kept with the account (`PUT /api/user/locale`).
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
export const LOCALE_COOKIE = 'locale';
/** Why a locale is refused (400): names the ones accepted. */
export const LOCALE_MESSAGE = `Locale must be one of ${LOCALES.join(', ')}`;
export const isLocale = (value: unknown): value is Locale => (LOCALES as readonly unknown[]).includes(value);

/** The user as every endpoint presents it (spec §3). */
export const userSchema = schema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
    description: z.string(),
    photoUrl: z.string().nullable(),
    /**
     * An educator's choice to show their e-mail on their public profile (getcreator); off by
     * default. Always sent by the server (optional so older clients' shapes still fit).
     */
    showContactEmail: z.boolean().optional(),
    /**
     * The user's language (LOCALES). Always sent by the server (optional so older clients' shapes
     * still fit).
     */
    locale: z.enum(LOCALES).optional(),
    /** Course summaries, oldest enrolment first (spec §3 allows course objects or ids). */
    enrolledCourses: z.array(enrolledCourseSchema),
  }),
);
export type User = z.infer<typeof userSchema>;

/**
 * `POST /api/course/getcreator`: an educator's public profile. `email` keeps the spec's key but is
 * empty ('') unless the educator chose to show a contact e-mail (`showContactEmail`). The figures
 * count their published courses: learners enrolled in them (each once), and their reviews.
 */
export const creatorSchema = schema(() =>
  z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    description: z.string(),
    photoUrl: z.string().nullable(),
    courseCount: z.number().int(),
    learnerCount: z.number().int(),
    /** Mean of the reviews' ratings to one decimal; 0 without reviews. */
    avgRating: z.number(),
    reviewCount: z.number().int(),
  }),
);
export type Creator = z.infer<typeof creatorSchema>;

export const getCreatorRequestSchema = schema(() =>
  z.object({ userId: text('userId', { error: 'userId is required' }) }),
);

/** `POST /api/user/updateprofile` (multipart with a `photoUrl` avatar file, or JSON): fields not sent stay. */
export const updateProfileRequestSchema = schema(() =>
  z.object({
    name: nameSchema.optional(),
    description: text('Description', { error: 'Description must be text', trim: true, multiline: true })
      .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`)
      .optional(),
    /** "true"/"false": show the e-mail on the public profile; absent or empty: unchanged. */
    showContactEmail: z.preprocess(emptyToUndefined, boolField('showContactEmail').optional()),
  }),
);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** `PUT /api/user/locale`: the signed-in user's language; answers the user. */
export const updateLocaleRequestSchema = schema(() => z.object({ locale: z.enum(LOCALES, { error: LOCALE_MESSAGE }) }));
export type UpdateLocaleRequest = z.infer<typeof updateLocaleRequestSchema>;
