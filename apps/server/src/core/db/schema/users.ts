import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, so uniqueness is case-insensitive. */
    email: text('email').notNull(),
    /** argon2id; null for accounts created through Google sign-in. */
    passwordHash: text('password_hash'),
    /** `admin` (the operator, issue #31) is never chosen at sign-up: ADMIN_EMAILS or `npm run admin:create`. */
    role: text('role', { enum: ['student', 'educator', 'admin'] })
      .notNull()
      .default('student'),
    description: text('description').notNull().default(''),
    /** Storage key of the avatar (a public media key), null when none. */
    photoKey: text('photo_key'),
    googleSub: text('google_sub'),
    /** An educator's choice to show their e-mail on public answers (getcreator); off unless chosen. */
    showContactEmail: boolean('show_contact_email').notNull().default(false),
    /**
     * The language of the interface, e-mails and documents (@kaksha/contracts LOCALES, issue #29):
     * English unless chosen (`PUT /api/user/locale`, or the visitor's `locale` cookie at sign-up).
     */
    locale: text('locale', { enum: ['en', 'hi'] })
      .notNull()
      .default('en'),
    /**
     * When the account was erased at its owner's request (modules/privacy, issue #32, ADR 0018): the
     * row stays as a tombstone ("Deleted user", no e-mail, password or photo) because tax documents,
     * the ledger and kept reviews and Q&A point at it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub),
    check('users_role_check', sql`${t.role} in ('student', 'educator', 'admin')`),
    check('users_locale_check', sql`${t.locale} in ('en', 'hi')`),
  ],
);
