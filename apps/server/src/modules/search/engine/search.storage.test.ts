import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../../core/db/client.ts';
import { buildTestApp, createCourse, createUser } from '../../../test/app.ts';
import { emptyCache, nearest, upsertVectors } from './search.dense.ts';
import { rankCourses } from './search.engine.ts';
import {
  buildDoc,
  checkIndexFormat,
  INDEX_FORMAT,
  reindexAll,
  reindexCourse,
  upgradeIndexFormat,
} from './search.index.ts';
import { parseQuery } from './search.query.ts';
import { candidateRows } from './search.retrieve.ts';
import { FORMAT_TERM } from './search.types.ts';

/**
 * Where the index keeps a course's mined acronyms (their own column, not the tsvector that
 * scoring reads), that they are still found and kept current, migration 0008's move of rows
 * indexed before it, and the dense scan against a plain computation.
 */
describe('search index storage', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const rows = async <T>(q: ReturnType<typeof sql>) => (await app.db.execute(q)).rows as T[];
  const found = async (input: string) => (await rankCourses(app.db, parseQuery(input))).map((r) => r.id);
  const lexemes = async (id: string, column: 'tsv' | 'acronyms') =>
    (
      await rows<{ l: string }>(
        sql`select unnest(tsvector_to_array(${sql.raw(column)})) as l from course_search where course_id = ${id}`,
      )
    ).map((r) => r.l);

  it('keeps mined acronyms in their own column, found by search and current after an edit', async () => {
    const course = await createCourse(app, educator.id, {
      title: 'Zorbic Quantum Fabrication',
      subTitle: 'Lattices by hand',
      category: 'Others',
      lectures: [{ lectureTitle: 'Hollow Lattice Tuning' }],
    });
    expect(await lexemes(course.id, 'acronyms')).toEqual(expect.arrayContaining(['acrnymzqf', 'acrnymhlt']));
    expect((await lexemes(course.id, 'tsv')).filter((l) => l.startsWith('acrnym'))).toEqual([]);
    // Still counted in the vocabulary, and found by its initials.
    expect(await rows(sql`select df from search_terms where term = 'acrnymhlt'`)).toEqual([{ df: 1 }]);
    expect(await found('hlt')).toContain(course.id);
    expect(await found('zqf')).toContain(course.id);
    // A dense hit's row (read by id) carries its acronyms to scoring too.
    const [row] = await candidateRows(app.db, [course.id]);
    expect(row.tsv).toContain("'acrnymhlt':");

    // Edit: the old initials stop matching, the new ones match; the vocabulary follows.
    await app.db.execute(
      sql`update lectures set lecture_title = 'Brittle Glass Annealing' where course_id = ${course.id}`,
    );
    await reindexCourse(app.db, course.id, app.searchReembed);
    expect(await found('hlt')).not.toContain(course.id);
    expect(await found('bga')).toContain(course.id);
    expect(await lexemes(course.id, 'acronyms')).not.toContain('acrnymhlt');
    expect(await rows(sql`select df from search_terms where term = 'acrnymhlt'`)).toEqual([]);
  });

  it('ranks a term of the title above chance initials of a description', async () => {
    const chance = await createCourse(app, educator.id, {
      title: 'Harbour Sketching',
      category: 'Others',
      description: 'Sketch harbours with very kind dockworkers and their boats.',
    });
    const named = await createCourse(app, educator.id, { title: 'Vorpal Kinetic Drafting', category: 'Others' });
    const ids = await found('vkd');
    expect(ids).toEqual(expect.arrayContaining([named.id, chance.id]));
    expect(ids.indexOf(named.id)).toBeLessThan(ids.indexOf(chance.id));
  });

  it('brings an index of an older format up to date in place, and knows when it is current', async () => {
    const format = async () =>
      (await rows<{ df: number }>(sql`select df from search_terms where term = ${FORMAT_TERM}`))[0]?.df;
    // The app published the format at start (empty index); a current index needs nothing.
    expect(await format()).toBe(INDEX_FORMAT);
    expect(await checkIndexFormat(app.db)).toBe('current');
    const course = await createCourse(app, educator.id, { title: 'Quorlic Beam Assembly', category: 'Others' });
    // As an older format left it: the title's acronym at the lecture-title weight, no phonetic keys.
    await app.db.execute(sql`update course_search set acronyms = 'acrnymqba:1C' where course_id = ${course.id}`);
    await app.db.execute(sql`delete from search_terms where term like '#snd:%'`);
    await app.db.execute(
      sql`update course_search set terms = array(select t from unnest(terms) as t where t not like '#snd:%')`,
    );
    await app.db.execute(sql`update search_terms set df = ${INDEX_FORMAT - 1} where term = ${FORMAT_TERM}`);
    expect(await checkIndexFormat(app.db)).toBe('stale');
    // Searches still answer from the old rows meanwhile.
    expect(await found('qba')).toContain(course.id);

    expect(await upgradeIndexFormat(app.db)).toBeGreaterThanOrEqual(1);
    const [row] = await rows<{ acronyms: string }>(
      sql`select acronyms::text as acronyms from course_search where course_id = ${course.id}`,
    );
    expect(row.acronyms).toMatch(/'acrnymqba':\d+A/);
    expect(
      await rows(sql`select term from search_terms where term like '#snd:%' and term like '%:quorlic'`),
    ).toHaveLength(1);
    expect(await format()).toBe(INDEX_FORMAT);
    expect(await checkIndexFormat(app.db)).toBe('current');
  });

  it('migration 0008 moves acronyms indexed in tsv to their column, found as before', async () => {
    const course = await createCourse(app, educator.id, {
      title: 'Vemric Sonar Tooling',
      category: 'Others',
      lectures: [{ lectureTitle: 'Deep Kelp Mapping' }, { lectureTitle: 'Tidal Noise Filters' }],
      description: 'Field notes.',
    });
    const snapshot = sql`select tsv::text as tsv, acronyms::text as acronyms from course_search where course_id = ${course.id}`;
    const [indexed] = await rows<{ tsv: string; acronyms: string }>(snapshot);
    expect(indexed.acronyms).toContain("'acrnymdkm':");
    const words = await lexemes(course.id, 'tsv');
    const acronyms = await lexemes(course.id, 'acronyms');
    // The layout before 0008: the acronyms at the end of the lecture-title field of tsv.
    const [c] = await rows<Parameters<typeof buildDoc>[0]>(sql`
      select c.id, c.title, c.sub_title, c.description, c.category, c.level, c.price, c.is_published,
        (select string_agg(l.lecture_title, ' . ' order by l.position) from lectures l where l.course_id = c.id) as lectures
      from courses c where c.id = ${course.id}`);
    const doc = buildDoc(c);
    const oldCategoryText = [doc.categoryText, ...doc.acronymFields].filter(Boolean).join(' . ');
    await app.db.execute(sql`
      update course_search set acronyms = '', tsv =
        setweight(to_tsvector('english', ${doc.title}), 'A') || setweight(to_tsvector('english', ${doc.subTitle}), 'B') ||
        setweight(to_tsvector('english', ${oldCategoryText}), 'C') || setweight(to_tsvector('english', ${doc.description}), 'D')
      where course_id = ${course.id}`);
    expect(await lexemes(course.id, 'tsv')).toContain('acrnymdkm');
    const migration = readFileSync(path.join(migrationsFolder, '0008_search_acronyms.sql'), 'utf8');
    const move = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'));
    expect(move).toBeDefined();
    await app.db.execute(sql.raw(move as string));
    const [moved] = await rows<{ tsv: string; acronyms: string }>(snapshot);
    // The same acronyms (all at the lecture-title weight, as they were, until re-indexed).
    expect((await lexemes(course.id, 'acronyms')).sort()).toEqual(acronyms.sort());
    expect(moved.tsv.includes('acrnym')).toBe(false);
    expect((await lexemes(course.id, 'tsv')).sort()).toEqual(words.sort());
    expect(await found('dkm')).toContain(course.id);
  });
  it('rebuilds everything through the GIN pending lists and leaves the indexes on direct updates', async () => {
    const course = await createCourse(app, educator.id, { title: 'Quillon Marsh Ecology', category: 'Others' });
    expect(await reindexAll(app.db, 2)).toBeGreaterThan(1);
    expect(await found('quillon marsh ecology')).toContain(course.id);
    expect(await found('qme')).toContain(course.id);
    const options = await rows<{ relname: string; reloptions: string[] | string }>(
      sql`select relname, reloptions from pg_class where relname in ('course_search_tsv_idx', 'course_search_tsv_head_idx', 'course_search_acronyms_idx', 'search_terms_trgm_idx')`,
    );
    expect(options).toHaveLength(4);
    for (const o of options) expect(String(o.reloptions)).toContain('fastupdate=off');
  });
});

describe('dense scan', () => {
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const randomVec = (dims: number) => Int8Array.from({ length: dims }, () => Math.round(rand() * 255 - 128));
  const unitQuery = (dims: number) => {
    const q = Float32Array.from({ length: dims }, () => rand() - 0.5);
    const norm = Math.hypot(...q);
    for (let d = 0; d < dims; d++) q[d] /= norm;
    return q;
  };
  /** Every row scored as before the kernel: dimensions summed in order, divided by the stored norm. */
  const plainScan = (vectors: { id: string; vec: Int8Array }[], q: Float32Array) => {
    const latest = new Map(vectors.map((v) => [v.id, v.vec]));
    return [...latest]
      .map(([id, vec]) => {
        let dot = 0;
        for (let d = 0; d < vec.length; d++) dot += vec[d] * q[d];
        const n = Math.fround(Math.sqrt(vec.reduce((s, v) => s + v * v, 0)));
        return { id, similarity: dot / n, n };
      })
      .filter((x) => x.n !== 0)
      .map(({ id, similarity }) => ({ id, similarity }))
      .sort((a, b) => b.similarity - a.similarity);
  };

  it('answers exactly what a plain scan of every vector answers, ties in row order', () => {
    for (const dims of [10, 100]) {
      const cache = emptyCache(dims);
      const vectors = Array.from({ length: 1500 }, (_, i) => ({ id: `c${i}`, vec: randomVec(dims) }));
      vectors.push({ id: 'copy', vec: vectors[42].vec }, { id: 'zero', vec: new Int8Array(dims) });
      upsertVectors(cache, vectors);
      const q = unitQuery(dims);
      const plain = plainScan(vectors, q);
      for (const k of [1, 5, 30, 2000]) expect(nearest(cache, q, k)).toEqual(plain.slice(0, k));
      // The copy of row 42 has its similarity and comes right after it.
      const all = nearest(cache, q, 2000).map((g) => g.id);
      expect(all.indexOf('copy')).toBe(all.indexOf('c42') + 1);
      // Without the SIMD kernel: the same answer.
      const noKernel = Object.assign(emptyCache(dims), { kernel: null });
      upsertVectors(noKernel, vectors);
      expect(nearest(noKernel, q, 30)).toEqual(plain.slice(0, 30));
    }
  });

  it('stays exact after rows are replaced and after the cache outgrows the kernel', () => {
    const dims = 100;
    const cache = emptyCache(dims);
    const vectors = Array.from({ length: 300 }, (_, i) => ({ id: `c${i}`, vec: randomVec(dims) }));
    upsertVectors(cache, vectors);
    const q = unitQuery(dims);
    expect(nearest(cache, q, 10)).toEqual(plainScan(vectors, q).slice(0, 10));
    // The query itself as a course: replaced in place, then first.
    const best = { id: 'c7', vec: Int8Array.from(q, (x) => Math.round(x * 127)) };
    upsertVectors(cache, [best]);
    vectors.push(best);
    expect(nearest(cache, q, 10)).toEqual(plainScan(vectors, q).slice(0, 10));
    expect(nearest(cache, q, 1)[0].id).toBe('c7');
    const more = Array.from({ length: 3000 }, (_, i) => ({ id: `m${i}`, vec: randomVec(dims) }));
    upsertVectors(cache, more);
    vectors.push(...more);
    expect(nearest(cache, q, 30)).toEqual(plainScan(vectors, q).slice(0, 30));
    expect(nearest(cache, new Float32Array(dims), 3)).toHaveLength(3);
  });
});
