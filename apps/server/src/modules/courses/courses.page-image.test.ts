import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courses } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';

/**
 * The HTML of /allcourses and /viewcourse/{id} starts downloading the image the page draws largest
 * first (the first card's thumbnail, the course's), the same rendition the page's <img> will pick.
 */
describe("a page's first large image preloaded by its HTML", async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'kaksha-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
  await writeFile(
    path.join(web, 'app.html'),
    '<!doctype html><html><head><title>Kaksha</title></head><div id="root"><nav>Shell</nav></div></html>',
  );
  const cardSizes = '(min-width: 640px) 45vw, 92vw';
  const heroSizes = '(min-width: 1024px) 560px, 92vw';
  await writeFile(
    path.join(web, 'page-data.json'),
    JSON.stringify({
      apiUrl: '',
      pages: [
        { path: '/allcourses', data: ['/api/course/catalog'], signedIn: true, image: { sizes: cardSizes } },
        {
          path: '/viewcourse/:courseId',
          data: ['/api/course/getcourse/:courseId'],
          signedIn: true,
          image: { sizes: heroSizes },
        },
      ],
    }),
  );
  const app = await buildTestApp({ WEB_DIST: web });
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, await createUser(app));
  const course = async (
    title: string,
    createdAt: string,
    fields: { isPublished?: boolean; thumbnail?: boolean } = {},
  ) => {
    const row = await createCourse(app, educator.id, { title, isPublished: fields.isPublished ?? true });
    await app.db
      .update(courses)
      .set({
        createdAt: new Date(createdAt),
        thumbnailKey: fields.thumbnail === false ? null : `thumbnails/${row.id}/t`,
      })
      .where(eq(courses.id, row.id));
    return row;
  };
  const older = await course('Older', '2026-01-01T00:00:00Z');
  const newest = await course('Newest', '2026-02-01T00:00:00Z');
  const draft = await course('Draft', '2026-03-01T00:00:00Z', { isPublished: false });
  const bare = await course('No picture', '2025-12-01T00:00:00Z', { thumbnail: false });

  const imagePreload = async (url: string, headers: Record<string, string> = { cookie }) => {
    const res = await app.inject({ url, headers });
    expect(res.statusCode).toBe(200);
    const [tag] = res.body.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    if (!tag) return undefined;
    const attr = (name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1];
    return {
      href: attr('href'),
      srcset: attr('imagesrcset'),
      sizes: attr('imagesizes'),
      priority: attr('fetchpriority'),
    };
  };

  it("/allcourses: the first card's thumbnail, as the catalogue's first page presents it", async () => {
    const first = (await app.inject({ url: '/api/course/catalog', headers: { cookie } })).json().courses[0];
    expect(first._id).toBe(newest.id);
    expect(await imagePreload('/allcourses')).toEqual({
      href: first.thumbnail,
      srcset: first.thumbnailSrcSet,
      sizes: cardSizes,
      priority: 'high',
    });
  });

  it("/viewcourse/{id}: the course's own thumbnail, a published course only", async () => {
    const shown = (await app.inject({ url: `/api/course/getcourse/${older.id}`, headers: { cookie } })).json();
    expect(await imagePreload(`/viewcourse/${older.id}`)).toEqual({
      href: shown.thumbnail,
      srcset: shown.thumbnailSrcSet,
      sizes: heroSizes,
      priority: 'high',
    });
    expect(await imagePreload(`/viewcourse/${draft.id}`)).toBeUndefined();
    expect(await imagePreload(`/viewcourse/${bare.id}`)).toBeUndefined();
    expect(await imagePreload(`/viewcourse/${crypto.randomUUID()}`)).toBeUndefined();
    expect(await imagePreload('/viewcourse/not-an-id')).toBeUndefined();
  });

  it('none for a visitor, a filtered catalogue or another page', async () => {
    expect(await imagePreload('/allcourses', {})).toBeUndefined();
    expect(await imagePreload(`/viewcourse/${newest.id}`, {})).toBeUndefined();
    expect(await imagePreload('/allcourses?category=AI%2FML')).toBeUndefined();
    expect(await imagePreload('/enrolledcourses')).toBeUndefined();
  });

  it('follows the catalogue: a newer published course becomes the first card at once', async () => {
    await app.db.update(courses).set({ isPublished: true }).where(eq(courses.id, draft.id));
    expect((await imagePreload('/allcourses'))?.href).toContain(`/thumbnails/${draft.id}/`);
    await app.db.update(courses).set({ thumbnailKey: null }).where(eq(courses.id, draft.id));
    expect(await imagePreload('/allcourses')).toBeUndefined();
  });
});
