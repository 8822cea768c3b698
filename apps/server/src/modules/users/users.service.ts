import type { Locale } from '@kaksha/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.ts';
import { users } from '../../core/db/schema/index.ts';
import type { Storage } from '../../core/storage.ts';
import { storeAvatar } from '../media/media.service.ts';

/** Every module presents a user this one way. */
export { presentUser } from './users.presenter.ts';

type UserRow = typeof users.$inferSelect;

/**
 * Saves the profile: name, description and the contact e-mail choice when given, and a new
 * avatar (checked by content, re-encoded to a square WebP). The old avatar file is removed after
 * the switch.
 */
export async function updateProfile(
  db: DbOrTx,
  storage: Storage,
  user: UserRow,
  changes: { name?: string; description?: string; showContactEmail?: boolean; avatar?: Buffer },
): Promise<UserRow> {
  const photoKey = changes.avatar ? await storeAvatar(storage, user.id, changes.avatar) : user.photoKey;
  const [updated] = await db
    .update(users)
    .set({
      name: changes.name ?? user.name,
      description: changes.description ?? user.description,
      showContactEmail: changes.showContactEmail ?? user.showContactEmail,
      photoKey,
      updatedAt: new Date(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (user.photoKey && photoKey !== user.photoKey && user.photoKey.startsWith(`public/avatars/${user.id}/`)) {
    await storage.remove(user.photoKey).catch(() => {});
  }
  return updated;
}

/** Keeps the user's language (interface, e-mails, certificates). */
export async function setLocale(db: DbOrTx, user: UserRow, locale: Locale): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ locale, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return updated;
}
