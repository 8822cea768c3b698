import { type CatalogPage, catalogPageSchema } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, enroll, loginCookie, type TestApp } from '../../test/app.ts';
import { send } from './test-helpers.ts';

/*
 * The whole catalogue's facet cube is kept by the server and, when the facets version moves, only
 * the cells changed since are read again (catalog_facet_counts.changed_at, migration 0035): the
 * counts after every kind of change must be those of counting the courses afresh.
 */

async function catalog(app: TestApp, query = 'level=Beginner'): Promise<CatalogPage> {
  // A filter: the page is read (not a snapshot), with its total and facets from the cube.
  const res = await app.inject(`/api/course/catalog?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return catalogPageSchema.parse(res.json());
}

/** The facets as counting course_rank afresh gives them (what the kept cube must equal). */
async function expected(app: TestApp) {
  const rows = (
    await app.db.execute(sql`
      select language, level, count(*)::int as n from course_rank where listed group by 1, 2`)
  ).rows as { language: string; level: string; n: number }[];
  const sum = (keep: (r: { language: string; level: string }) => boolean) =>
    rows.filter(keep).reduce((s, r) => s + r.n, 0);
  return {
    total: sum((r) => r.level === 'Beginner'),
    hi: sum((r) => r.level === 'Beginner' && r.language === 'hi'),
    advanced: sum((r) => r.level === 'Advanced'),
  };
}
const shown = (page: CatalogPage) => ({
  total: page.total,
  hi: page.facets.language.find((f) => f.value === 'hi')?.count ?? 0,
  advanced: page.facets.level.find((f) => f.value === 'Advanced')?.count ?? 0,
});

describe('the catalogue’s kept counts, per database', async () => {
  // Two fresh databases move through the same version numbers; counts kept by version alone would
  // answer one with the other's cube. First in the file: no other test has read a catalogue yet.
  const [a, b] = [await buildTestApp(), await buildTestApp()];

  it('shows each app its own counts at the same versions', async () => {
    for (const [other, level] of [
      [a, 'Beginner'],
      [b, 'Advanced'],
    ] as const) {
      const owner = await createUser(other, { role: 'educator' });
      await createCourse(other, owner.id, { title: level, language: 'hi', level });
    }
    expect(shown(await catalog(a))).toEqual({ total: 1, hi: 1, advanced: 0 });
    expect(shown(await catalog(b))).toEqual({ total: 0, hi: 0, advanced: 1 });
  });
});

describe('the catalogue’s facet cube, patched from its changed cells', async () => {
  const app = await buildTestApp({ PUBLISH_CHECKLIST: 'off' });
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, educator);
  const made: Awaited<ReturnType<typeof createCourse>>[] = [];
  for (const [language, level] of [
    ['en', 'Beginner'],
    ['hi', 'Beginner'],
    ['hi', 'Advanced'],
    ['ta', 'Beginner'],
  ] as const) {
    made.push(await createCourse(app, educator.id, { title: `${language} ${level}`, language, level }));
  }
  const version = async () =>
    Number(
      ((await app.db.execute(sql`select version from catalog_facets_version`)).rows[0] as { version: string }).version,
    );

  it('stamps the changed cells with the version it moves to, and leaves it for an enrolment', async () => {
    expect(shown(await catalog(app))).toEqual(await expected(app));
    const before = await version();
    await enroll(app, (await createUser(app)).id, made[0].id);
    expect(await version()).toBe(before);
    const res = await send(app, 'POST', `/api/course/editcourse/${made[0].id}`, cookie, { language: 'hi' });
    expect(res.statusCode, res.body).toBe(200);
    const after = await version();
    expect(after).toBeGreaterThan(before);
    const stamped = (
      await app.db.execute(sql`select language, n from catalog_facet_counts where changed_at > ${before} order by 1`)
    ).rows;
    // The two cells the course left and joined, and no other.
    expect(stamped).toEqual([
      { language: 'en', n: 0 },
      { language: 'hi', n: 2 },
    ]);
  });

  it('shows after each change what counting afresh shows: an edit, a new course, unpublishing, a recount', async () => {
    expect(shown(await catalog(app))).toEqual(await expected(app));
    await send(app, 'POST', `/api/course/editcourse/${made[1].id}`, cookie, { level: 'Advanced' });
    expect(shown(await catalog(app))).toEqual(await expected(app));
    await createCourse(app, educator.id, { title: 'new', language: 'hi', level: 'Beginner' });
    expect(shown(await catalog(app))).toEqual(await expected(app));
    const off = await send(app, 'POST', `/api/course/editcourse/${made[3].id}`, cookie, { isPublished: false });
    expect(off.statusCode, off.body).toBe(200);
    const page = await catalog(app);
    expect(shown(page)).toEqual(await expected(app));
    expect(page.facets.language.find((f) => f.value === 'ta')?.count ?? 0).toBe(0);
    await app.db.execute(sql`select catalog_facet_counts_recount()`);
    expect(shown(await catalog(app))).toEqual(await expected(app));
    expect(await expected(app)).toEqual({ total: 2, hi: 2, advanced: 2 });
  });
});
