import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll } from '../../test/app.ts';
import { catalogVersion, lectures, reviews, users } from './schema/index.ts';

/**
 * Migration 0005 (ADR 0012): every write that changes what learners see bumps the one catalogue
 * version, in the writing transaction; writes learners never see leave it alone.
 */
describe('catalogue version', async () => {
  const app = await buildTestApp();
  const version = async () => (await app.db.select().from(catalogVersion))[0].version;
  const bumps = async (write: () => Promise<unknown>) => {
    const before = await version();
    await write();
    return (await version()) > before;
  };

  const educator = await createUser(app, { role: 'educator' });
  const learner = await createUser(app);

  it('changes with courses, lectures, enrolments, reviews and public profile fields', async () => {
    let courseId = '';
    expect(
      await bumps(async () => {
        courseId = (await createCourse(app, educator.id, { lectures: [{ lectureTitle: 'One' }] })).id;
      }),
    ).toBe(true);
    expect(
      await bumps(() =>
        app.db.update(lectures).set({ lectureTitle: 'Renamed' }).where(eq(lectures.courseId, courseId)),
      ),
    ).toBe(true);
    expect(await bumps(() => enroll(app, learner.id, courseId))).toBe(true);
    expect(
      await bumps(() => app.db.insert(reviews).values({ courseId, userId: learner.id, rating: 4, comment: 'Good' })),
    ).toBe(true);
    expect(await bumps(() => app.db.update(users).set({ name: 'New Name' }).where(eq(users.id, learner.id)))).toBe(
      true,
    );
  });

  it('stays when only private account fields change', async () => {
    expect(
      await bumps(() => app.db.update(users).set({ description: 'about me' }).where(eq(users.id, learner.id))),
    ).toBe(false);
  });

  it('does not change when the writing transaction rolls back', async () => {
    const before = await version();
    await expect(
      app.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Rolled Back' }).where(eq(users.id, educator.id));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await version()).toBe(before);
  });

  it("is the app's version as soon as a write commits, and not after a rollback", async () => {
    await app.db.update(users).set({ name: 'Committed' }).where(eq(users.id, educator.id));
    expect(await app.catalogVersion()).toBe(await version());
    const before = await app.catalogVersion();
    await app.db
      .transaction(async (tx) => {
        await tx.update(users).set({ name: 'Rolled back' }).where(eq(users.id, educator.id));
        throw new Error('undo');
      })
      .catch(() => {});
    expect(await app.catalogVersion()).toBe(before);
    await app.db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'In a transaction' }).where(eq(users.id, educator.id));
    });
    expect(await app.catalogVersion()).toBe(before + 1);
  });
});
