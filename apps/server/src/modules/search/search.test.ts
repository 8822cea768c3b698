import { MESSAGES } from '@kaksha/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { send } from '../courses/test-helpers.ts';
import { denseIndex } from './engine/search.dense.ts';
import { reindexAll } from './engine/search.index.ts';
import { VERSION_TERM } from './engine/search.types.ts';
import { wordVectors } from './engine/search.vectors.ts';
import { SEARCH_RATE_LIMIT } from './search.routes.ts';

/**
 * The AI search through the real app and database: query understanding, filters, typo and
 * synonym recall, abstaining, index freshness, validation, auth and the rate limit.
 * The catalogue below is written for these tests (not the evaluation set).
 */
describe('POST /api/ai/search', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const learner = await createUser(app, { role: 'student' });
  const educatorCookie = await loginCookie(app, educator);
  const cookie = await loginCookie(app, learner);
  const ids: Record<string, string> = {};

  const search = async (input: unknown, who: string | null = cookie) =>
    app.inject({ method: 'POST', url: '/api/ai/search', headers: who ? { cookie: who } : {}, payload: { input } });
  const titles = async (input: string) => {
    const res = await search(input);
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((c) => c.title);
  };

  beforeAll(async () => {
    const add = async (key: string, fields: Parameters<typeof createCourse>[2]) => {
      ids[key] = (await createCourse(app, educator.id, fields)).id;
    };
    await add('mlBasics', {
      title: 'Machine Learning Basics with Python',
      subTitle: 'Regression and classification from first principles',
      description: 'Train your first models with scikit-learn on real datasets.',
      category: 'AI/ML',
      level: 'Beginner',
      price: 999,
      lectures: [{ lectureTitle: 'What is a model' }, { lectureTitle: 'Linear regression' }],
    });
    await add('mlAdvanced', {
      title: 'Advanced Machine Learning Systems',
      subTitle: 'Ensembles, feature stores and model monitoring',
      description: 'For practitioners who ship models to production.',
      category: 'AI/ML',
      level: 'Advanced',
      price: 2999,
    });
    await add('pyCheap', {
      title: 'Python Programming for Absolute Beginners',
      subTitle: 'Variables, loops and functions',
      description: 'Learn to code in Python from zero.',
      category: 'Others',
      level: 'Beginner',
      price: 299,
    });
    await add('pyDear', {
      title: 'Python Masterclass',
      subTitle: 'Everything about the Python language',
      description: 'A long and complete course on Python.',
      category: 'Others',
      level: 'Beginner',
      price: 3499,
    });
    await add('hackFree', {
      title: 'Ethical Hacking Starter',
      subTitle: 'Set up a lab and learn the basics of security testing',
      description: 'Kali Linux, scanning and reporting, for legal authorised testing only.',
      category: 'Ethical Hacking',
      level: 'Beginner',
      price: 0,
    });
    await add('webPentest', {
      title: 'Web Application Penetration Testing',
      subTitle: 'Find OWASP Top 10 vulnerabilities with Burp Suite',
      description: 'Exploit and report injection and cross-site scripting flaws.',
      category: 'Ethical Hacking',
      level: 'Intermediate',
      price: 1999,
    });
    await add('js', {
      title: 'JavaScript Essentials',
      subTitle: 'The language of the web',
      description: 'Variables, functions, the DOM and events.',
      category: 'Web Development',
      level: 'Beginner',
      price: 699,
    });
    await add('java', {
      title: 'Core Java Programming',
      subTitle: 'Classes, objects and collections',
      description: 'Object-oriented programming in Java.',
      category: 'Others',
      level: 'Beginner',
      price: 899,
    });
    await add('swift', {
      title: 'iOS Apps with Swift',
      subTitle: 'Build your first iPhone app in Xcode',
      description: 'SwiftUI screens, navigation and publishing.',
      category: 'App Development',
      level: 'Beginner',
      price: 1499,
    });
    await add('figma', {
      title: 'Figma UI Design',
      subTitle: 'Frames, components and prototypes',
      description: 'Design clean app and website interfaces.',
      category: 'UI UX Designing',
      level: 'Beginner',
      price: 799,
    });
    await add('draft', {
      title: 'Unreleased Quantum Gardening Course',
      subTitle: 'Not yet published',
      description: 'Draft.',
      category: 'Others',
      level: 'Beginner',
      price: 100,
      isPublished: false,
    });
  });

  it('finds the right course first and returns full course objects', async () => {
    const res = await search('machine learning');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(20);
    expect([ids.mlBasics, ids.mlAdvanced]).toContain(body[0]._id);
    expect(body[0]).toMatchObject({ title: expect.any(String), category: 'AI/ML', price: expect.any(Number) });
    expect(body[0]).toHaveProperty('thumbnail');
    expect(body[0]).toHaveProperty('avgRating');
  });

  it('applies level and price constraints', async () => {
    expect((await titles('machine learning for beginners'))[0]).toBe('Machine Learning Basics with Python');
    expect((await titles('advanced machine learning'))[0]).toBe('Advanced Machine Learning Systems');
    const cheap = await titles('cheap python course');
    expect(cheap[0]).toBe('Python Programming for Absolute Beginners');
    const under = await titles('python course under ₹1000');
    expect(under[0]).toBe('Python Programming for Absolute Beginners');
    expect(under.indexOf('Python Masterclass')).toBeGreaterThan(0);
    expect((await titles('free ethical hacking course'))[0]).toBe('Ethical Hacking Starter');
    expect((await titles('500 se kam me python course'))[0]).toBe('Python Programming for Absolute Beginners');
  });

  it('tolerates typos', async () => {
    expect((await titles('pyhton'))[0]).toMatch(/Python/);
    expect((await titles('javscript'))[0]).toBe('JavaScript Essentials');
    expect((await titles('machne lerning'))[0]).toMatch(/Machine Learning/);
  });

  it('understands acronyms, synonyms, related concepts and Hinglish', async () => {
    expect((await titles('ML'))[0]).toMatch(/Machine Learning/);
    expect((await titles('pentesting'))[0]).toBe('Web Application Penetration Testing');
    expect(await titles('how hackers break into websites')).toContain('Web Application Penetration Testing');
    expect((await titles('I want to make my own iPhone app'))[0]).toBe('iOS Apps with Swift');
    expect((await titles('mujhe python seekhna hai'))[0]).toMatch(/Python/);
    // Java is not JavaScript.
    expect((await titles('java'))[0]).toBe('Core Java Programming');
  });

  it('answers [] when nothing is relevant enough', async () => {
    for (const q of [
      'knitting for beginners',
      'scuba diving certification',
      'motorcycle engine repair',
      'learn french language',
      'qwzx vbnm',
    ]) {
      expect(await titles(q), q).toEqual([]);
    }
  });

  it('never returns unpublished courses', async () => {
    expect(await titles('quantum gardening')).toEqual([]);
  });

  it('keeps the index current after edits, lecture changes, unpublish and delete', async () => {
    const course = await send(app, 'POST', '/api/course/create', educatorCookie, {
      title: 'Sourdough Baking at Home',
      category: 'Others',
    });
    expect(course.statusCode).toBeLessThan(300);
    const id = (course.json().course ?? course.json())._id as string;
    // Not published yet.
    expect(await titles('sourdough baking')).toEqual([]);

    const publish = await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, {
      multipart: {
        title: 'Sourdough Baking at Home',
        subTitle: 'Bread from scratch',
        price: '199',
        level: 'Beginner',
        isPublished: 'true',
      },
    });
    expect(publish.statusCode).toBe(200);
    expect((await titles('sourdough baking'))[0]).toBe('Sourdough Baking at Home');

    // Edit: the old words stop matching, the new ones match.
    await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, {
      multipart: { title: 'Pottery on the Wheel', subTitle: 'Clay, glazes and kilns', isPublished: 'true' },
    });
    expect(await titles('sourdough baking')).toEqual([]);
    expect((await titles('pottery wheel'))[0]).toBe('Pottery on the Wheel');

    // Lectures are indexed.
    const lecture = await send(app, 'POST', `/api/course/createlecture/${id}`, educatorCookie, {
      lectureTitle: 'Raku firing techniques',
    });
    expect(lecture.statusCode).toBeLessThan(300);
    expect((await titles('raku firing'))[0]).toBe('Pottery on the Wheel');
    const lectureId = (lecture.json().lecture ?? lecture.json())._id as string;
    await send(app, 'DELETE', `/api/course/removelecture/${lectureId}`, educatorCookie);
    expect(await titles('raku firing')).toEqual([]);

    // Unpublish hides it; publish brings it back; delete removes it for good.
    await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, { multipart: { isPublished: 'false' } });
    expect(await titles('pottery wheel')).toEqual([]);
    await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, { multipart: { isPublished: 'true' } });
    expect((await titles('pottery wheel'))[0]).toBe('Pottery on the Wheel');
    const removed = await send(app, 'DELETE', `/api/course/removecourse/${id}`, educatorCookie);
    expect(removed.statusCode).toBeLessThan(300);
    expect(await titles('pottery wheel')).toEqual([]);
    const rows = await app.db.execute(sql`select count(*)::int as n from course_search where course_id = ${id}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
    const terms = await app.db.execute(sql`select df from search_terms where term = 'pottery'`);
    expect((terms as unknown as { rows: unknown[] }).rows).toEqual([]);
  });

  it('keeps the dense vectors current across edit, unpublish and delete (version stamp)', async () => {
    const version = async () =>
      Number(
        (
          (await app.db.execute(sql`select df from search_terms where term = ${VERSION_TERM}`)) as unknown as {
            rows: { df: number }[];
          }
        ).rows[0]?.df ?? 0,
      );
    const dims = wordVectors()?.dims ?? 100;
    const course = await send(app, 'POST', '/api/course/create', educatorCookie, {
      title: 'Watercolour Painting Basics',
      category: 'Others',
    });
    const id = (course.json().course ?? course.json())._id as string;
    const published = await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, {
      multipart: {
        title: 'Watercolour Painting Basics',
        subTitle: 'Brushes, paper and washes',
        price: '299',
        level: 'Beginner',
        isPublished: 'true',
      },
    });
    expect(published.statusCode).toBe(200);
    const v1 = await version();
    const before = await denseIndex(app.db, v1, dims);
    const row = before.row.get(id);
    expect(row).toBeDefined();
    const old = before.vectors.slice((row ?? 0) * dims, ((row ?? 0) + 1) * dims);

    // An edit bumps the stamp; the next query's check reloads the changed vector.
    await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, {
      multipart: {
        title: 'Kubernetes Cluster Operations',
        subTitle: 'Pods, services and deployments',
        isPublished: 'true',
      },
    });
    const v2 = await version();
    expect(v2).toBeGreaterThan(v1);
    const after = await denseIndex(app.db, v2, dims);
    const now = after.vectors.slice((row ?? 0) * dims, ((row ?? 0) + 1) * dims);
    expect(Buffer.from(now).equals(Buffer.from(old))).toBe(false);

    // Unpublished or deleted: the stamp moves and the course is never answered, whatever the cache holds.
    await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, { multipart: { isPublished: 'false' } });
    expect(await version()).toBeGreaterThan(v2);
    expect(await titles('kubernetes cluster operations')).not.toContain('Kubernetes Cluster Operations');
    await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, { multipart: { isPublished: 'true' } });
    expect(await titles('kubernetes cluster operations')).toContain('Kubernetes Cluster Operations');
    await send(app, 'DELETE', `/api/course/removecourse/${id}`, educatorCookie);
    expect(await titles('kubernetes cluster operations')).not.toContain('Kubernetes Cluster Operations');
  });

  it('follows a short, precise answer with the courses most like it (relevance feedback)', async () => {
    const lesson = (instrument: string) => ({
      subTitle: `Bowing, scales and sheet music for the ${instrument}`,
      description: `Practise bowing, scales, vibrato and reading sheet music on the ${instrument}, then play a recital.`,
      category: 'Others' as const,
      level: 'Beginner' as const,
      price: 799,
    });
    const violin = await createCourse(app, educator.id, { title: 'Zorbix Violin Studio', ...lesson('violin') });
    const cello = await createCourse(app, educator.id, { title: 'Cello Lessons', ...lesson('cello') });
    // Only the first names "zorbix"; the second shares none of the query's words but all of its subject.
    expect(await titles('zorbix')).toEqual(['Zorbix Violin Studio', 'Cello Lessons']);
    for (const { id } of [violin, cello]) await send(app, 'DELETE', `/api/course/removecourse/${id}`, educatorCookie);
  });

  it('finds a course by the initials of its multi-word term (mined acronym)', async () => {
    const course = await send(app, 'POST', '/api/course/create', educatorCookie, {
      title: 'Zorbic Quantum Fabrication',
      category: 'Others',
    });
    const id = (course.json().course ?? course.json())._id as string;
    const published = await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, {
      multipart: {
        title: 'Zorbic Quantum Fabrication',
        subTitle: 'Lattices by hand',
        price: '499',
        level: 'Beginner',
        isPublished: 'true',
      },
    });
    expect(published.statusCode).toBe(200);
    expect(await titles('zqf')).toContain('Zorbic Quantum Fabrication');
    await send(app, 'DELETE', `/api/course/removecourse/${id}`, educatorCookie);
    expect(await titles('zqf')).toEqual([]);
  });

  it('finds a course by a misspelling that sounds like its word (phonetic key)', async () => {
    const course = await send(app, 'POST', '/api/course/create', educatorCookie, {
      title: 'Phlorbix Weaving',
      category: 'Others',
    });
    const id = (course.json().course ?? course.json())._id as string;
    const published = await send(app, 'POST', `/api/course/editcourse/${id}`, educatorCookie, {
      multipart: {
        title: 'Phlorbix Weaving',
        subTitle: 'Looms by hand',
        price: '499',
        level: 'Beginner',
        isPublished: 'true',
      },
    });
    expect(published.statusCode).toBe(200);
    // Three edits from "phlorbix": beyond the spelling-typo limit, found by its sound.
    expect(await titles('florbiks weaving')).toContain('Phlorbix Weaving');
    await send(app, 'DELETE', `/api/course/removecourse/${id}`, educatorCookie);
    expect(await titles('florbiks')).toEqual([]);
  });

  it('rebuilds the whole index with the same results', async () => {
    const before = await titles('pentesting');
    const n = await reindexAll(app.db);
    expect(n).toBeGreaterThanOrEqual(10);
    expect(await titles('pentesting')).toEqual(before);
  });

  it('validates the query', async () => {
    for (const input of ['', '   ', undefined]) {
      const res = await search(input);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.searchQueryRequired);
    }
    const long = await search('a'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/too long.*500/);
    expect((await search('a'.repeat(500))).statusCode).toBe(200);
  });

  it('answers an absurdly large price bound instead of failing', async () => {
    for (const input of ['courses below ₹9999999999', 'python above 99999999999999 rupees']) {
      const res = await search(input);
      expect(res.statusCode).toBe(200);
      expect(Array.isArray(res.json())).toBe(true);
    }
  });

  it('is for signed-in users only', async () => {
    const res = await search('python', null);
    expect(res.statusCode).toBe(401);
  });

  it('is rate limited per user', async () => {
    const other = await loginCookie(app, await createUser(app));
    let status = 200;
    // A query of fillers only: answered without touching the index, so the loop is quick.
    for (let i = 0; i <= SEARCH_RATE_LIMIT.max && status === 200; i++) status = (await search('the', other)).statusCode;
    expect(status).toBe(429);
    // Another user is not affected.
    expect((await search('java')).statusCode).toBe(200);
  });
});
