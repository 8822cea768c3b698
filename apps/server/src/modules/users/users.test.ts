import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { courses, users } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';

/** A multipart body built by hand, like a browser's FormData. */
function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type: string; data: Buffer },
) {
  const boundary = `----kaksha${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photoUrl'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-location-metadata' } } })
    .png()
    .toBuffer();

describe('profile: current user and update', async () => {
  const app = await buildTestApp();
  const update = async (cookie: string, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return app.inject({
      method: 'POST',
      url: '/api/user/updateprofile',
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
  };

  it('presents the signed-in user with enrolled course summaries, oldest enrolment first', async () => {
    const educator = await createUser(app, { role: 'educator' });
    const course = await createCourse(app, educator.id, {
      title: 'Data Science Basics',
      category: 'Data Science',
      level: 'Intermediate',
    });
    await app.db.update(courses).set({ thumbnailKey: 'public/thumbnails/dsb' }).where(eq(courses.id, course.id));
    // Unpublished since the learner enrolled, no thumbnail: still theirs, still listed.
    const older = await createCourse(app, educator.id, { title: 'Old Course', price: 0, isPublished: false });
    const user = await createUser(app, { description: 'Curious learner', password: 'learner-pass-1' });
    await enroll(app, user.id, older.id, new Date(Date.now() - 60_000));
    await enroll(app, user.id, course.id);
    const res = await app.inject({ url: '/api/user/currentuser', headers: { cookie: await loginCookie(app, user) } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      _id: user.id,
      name: user.name,
      email: user.email,
      role: 'student',
      description: 'Curious learner',
      photoUrl: null,
      showContactEmail: false,
      locale: 'en',
      enrolledCourses: [
        { _id: older.id, title: 'Old Course', thumbnail: null, category: 'Web Development', level: 'Beginner' },
        {
          _id: course.id,
          title: 'Data Science Basics',
          thumbnail: expect.stringMatching(/public\/thumbnails\/dsb-\d+\.webp$/),
          category: 'Data Science',
          level: 'Intermediate',
        },
      ],
    });

    // Every endpoint presents the user the same way: login answers the same summaries.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'learner-pass-1' },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toEqual(res.json());
  });

  it('requires a session to update', async () => {
    const body = multipart({ name: 'X' });
    const res = await app.inject({ method: 'POST', url: '/api/user/updateprofile', ...body });
    expect(res.statusCode).toBe(401);
  });

  it('updates name and description (trimmed) and keeps the email', async () => {
    const user = await createUser(app);
    const cookie = await loginCookie(app, user);
    const res = await update(cookie, {
      name: '  New Name  ',
      description: ' I like data science. ',
      email: 'x@evil.example',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New Name', description: 'I like data science.', email: user.email });
    const me = await app.inject({ url: '/api/user/currentuser', headers: { cookie } });
    expect(me.json().name).toBe('New Name');
  });

  it('accepts JSON too, and leaves out fields unchanged', async () => {
    const user = await createUser(app, { description: 'keep me' });
    const cookie = await loginCookie(app, user);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/updateprofile',
      payload: { name: 'Json' },
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Json', description: 'keep me' });
  });

  it.each([
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a name over 80 characters', { name: 'n'.repeat(81) }, 'Name must be at most 80 characters'],
    [
      'a description over 1000 characters',
      { description: 'd'.repeat(1001) },
      'Description must be at most 1000 characters',
    ],
  ])('refuses %s (400)', async (_case, fields, message) => {
    const user = await createUser(app);
    const res = await update(await loginCookie(app, user), fields);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.name).toBe(user.name);
  });

  it('stores a real PNG as a 256 px square WebP without metadata, and serves it at photoUrl', async () => {
    const user = await createUser(app);
    const cookie = await loginCookie(app, user);
    const res = await update(cookie, { name: user.name }, { name: 'me.png', type: 'image/png', data: await png() });
    expect(res.statusCode).toBe(200);
    const { photoUrl } = res.json();
    expect(photoUrl).toMatch(new RegExp(`^/media/public/avatars/${user.id}/[0-9a-f]{16}\\.webp$`));
    const served = await app.inject({ url: photoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-location-metadata'))).toBe(false);

    // A new avatar replaces the old file.
    const next = await update(cookie, {}, { name: 'other.png', type: 'image/png', data: await png(300, 300) });
    expect(next.statusCode).toBe(200);
    expect(next.json().photoUrl).not.toBe(photoUrl);
    expect((await app.inject({ url: photoUrl })).statusCode).toBe(404);
    expect((await app.inject({ url: next.json().photoUrl })).statusCode).toBe(200);
  });

  it('refuses a text file renamed to .png (415), whatever its declared type', async () => {
    const user = await createUser(app);
    const res = await update(
      await loginCookie(app, user),
      { name: 'Still Me' },
      { name: 'avatar.png', type: 'image/png', data: Buffer.from('just some text, not an image\n'.repeat(20)) },
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Only image files (JPEG, PNG, WebP, GIF, AVIF) can be uploaded');
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row.photoKey).toBeNull();
  });

  it('refuses a video uploaded as an avatar (415)', async () => {
    const user = await createUser(app);
    const mp4 = await readFile(path.join(import.meta.dirname, '../../test/fixtures/tiny.mp4'));
    const res = await update(await loginCookie(app, user), {}, { name: 'a.jpg', type: 'image/jpeg', data: mp4 });
    expect(res.statusCode).toBe(415);
  });

  it('refuses an image over 5 MB (413)', async () => {
    const user = await createUser(app);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await update(await loginCookie(app, user), {}, { name: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Images must be 5 MB or smaller');
  });

  it('ignores an empty file input (no new avatar chosen)', async () => {
    const user = await createUser(app);
    const res = await update(
      await loginCookie(app, user),
      { name: 'Empty File' },
      {
        name: '',
        type: 'application/octet-stream',
        data: Buffer.alloc(0),
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Empty File', photoUrl: null });
  });
});
