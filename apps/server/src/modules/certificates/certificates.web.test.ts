import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { certificates } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser } from '../../test/app.ts';

/** The public certificate page's HTML carries Open Graph tags, so a LinkedIn post shows who did what. */
describe('the certificate page served with Open Graph tags', async () => {
  const web = await mkdtemp(path.join(tmpdir(), 'kaksha-web-'));
  await writeFile(path.join(web, 'index.html'), '<!doctype html><div id="root"><h1>Landing</h1></div>');
  await writeFile(
    path.join(web, 'app.html'),
    '<!doctype html><html><head><title>Kaksha</title></head><div id="root"><nav>Shell</nav></div></html>',
  );
  const app = await buildTestApp({ WEB_DIST: web });
  const publicUrl = app.config.publicUrl;
  const educator = await createUser(app, { role: 'educator', name: 'Asha Teacher' });
  const learner = await createUser(app, { name: 'Ravi <Kumar> & "Co"' });
  const course = await createCourse(app, educator.id, { title: 'Algebra & Geometry' });
  const [row] = await app.db
    .insert(certificates)
    .values({
      userId: learner.id,
      courseId: course.id,
      learnerName: 'Ravi <Kumar> & "Co"',
      courseTitle: 'Algebra & Geometry',
      educatorName: 'Asha Teacher',
      issuedAt: new Date('2026-03-04T10:00:00Z'),
    })
    .returning();

  const og = (body: string) =>
    Object.fromEntries(
      [...body.matchAll(/<meta property="(og:[a-z_]+)" content="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );

  it('names learner, course and page, every value escaped, before </head>', async () => {
    const res = await app.inject(`/certificate/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<nav>Shell</nav>');
    expect(og(res.body)).toEqual({
      'og:type': 'website',
      'og:site_name': 'Kaksha',
      'og:title': 'Ravi &lt;Kumar&gt; &amp; &quot;Co&quot; completed Algebra &amp; Geometry on Kaksha',
      'og:description':
        'Certificate of completion for Algebra &amp; Geometry, taught by Asha Teacher, issued on 4 March 2026. Verify it on Kaksha.',
      'og:url': `${publicUrl}/certificate/${row.id}`,
    });
    expect(res.body).not.toContain('<Kumar>');
    expect(res.body.indexOf('og:title')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('serves plain HTML for unknown, malformed and other pages', async () => {
    for (const url of [`/certificate/${crypto.randomUUID()}`, '/certificate/not-an-id', '/certificate/', '/profile']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<nav>Shell</nav>');
      expect(res.body, url).not.toContain('og:title');
    }
  });

  it('serves plain HTML once the certificate is gone', async () => {
    await app.db.delete(certificates).where(eq(certificates.id, row.id));
    const res = await app.inject(`/certificate/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('og:title');
  });
});
