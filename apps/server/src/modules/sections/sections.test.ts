import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { courseSections, lectures } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';
import { send } from '../courses/test-helpers.ts';

interface SectionBody {
  _id: string;
  title: string;
  position: number;
  lectureIds: string[];
}

describe('course sections', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, educator);
  const other = await createUser(app, { role: 'educator' });
  const otherCookie = await loginCookie(app, other);
  const student = await createUser(app);
  const studentCookie = await loginCookie(app, student);

  const addSection = async (courseId: string, title: string) => {
    const res = await send(app, 'POST', `/api/course/createsection/${courseId}`, cookie, { title });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SectionBody;
  };
  const addLecture = async (courseId: string, lectureTitle: string, sectionId?: string | null) => {
    const res = await send(app, 'POST', `/api/course/createlecture/${courseId}`, cookie, {
      lectureTitle,
      ...(sectionId !== undefined ? { sectionId } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().lecture as { _id: string; lectureTitle: string; sectionId: string | null };
  };
  const creatorView = async (courseId: string) => {
    const res = await send(app, 'GET', `/api/course/getcourselecture/${courseId}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      lectures: { _id: string; lectureTitle: string; sectionId: string | null }[];
      sections: SectionBody[];
    };
  };
  /** The curriculum as titles: [section title or '', lecture titles…] per group, implicit group first. */
  const outline = async (courseId: string) => {
    const course = await creatorView(courseId);
    const title = new Map(course.lectures.map((l) => [l._id, l.lectureTitle]));
    const inSection = new Set(course.sections.flatMap((s) => s.lectureIds));
    return [
      ['', ...course.lectures.filter((l) => !inSection.has(l._id)).map((l) => l.lectureTitle)],
      ...course.sections.map((s) => [s.title, ...s.lectureIds.map((id) => title.get(id))]),
    ];
  };
  /** Stored positions are one order over the course that matches the curriculum order. */
  const expectPositionsFollowCurriculum = async (courseId: string) => {
    const course = await creatorView(courseId);
    const rows = await app.db
      .select({ id: lectures.id })
      .from(lectures)
      .where(eq(lectures.courseId, courseId))
      .orderBy(asc(lectures.position));
    expect(rows.map((r) => r.id)).toEqual(course.lectures.map((l) => l._id));
    const sections = await app.db
      .select({ position: courseSections.position })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position));
    expect(sections.map((s) => s.position)).toEqual(sections.map((_, i) => i));
  };

  it('creates sections at the end, appends lectures to them and shows them on getcourse and getcourselecture', async () => {
    const c = await createCourse(app, educator.id, { isPublished: true, lectures: [{ lectureTitle: 'Welcome' }] });
    const res = await send(app, 'POST', `/api/course/createsection/${c.id}`, cookie, { title: '  Basics  ' });
    expect(res.statusCode).toBe(201);
    const basics = res.json();
    expect(basics).toEqual({
      _id: expect.any(String),
      title: 'Basics',
      position: 0,
      lectureIds: [],
      message: 'Section Created',
    });
    const advanced = await addSection(c.id, 'Advanced');
    expect(advanced.position).toBe(1);

    const one = await addLecture(c.id, 'One', basics._id);
    expect(one.sectionId).toBe(basics._id);
    await addLecture(c.id, 'Deep', advanced._id);
    await addLecture(c.id, 'Two', basics._id);
    // No sectionId: at the end of the course, i.e. its last section.
    const last = await addLecture(c.id, 'Last');
    expect(last.sectionId).toBe(advanced._id);
    // null: the implicit first group.
    await addLecture(c.id, 'Preface', null);

    const expected = [
      ['', 'Welcome', 'Preface'],
      ['Basics', 'One', 'Two'],
      ['Advanced', 'Deep', 'Last'],
    ];
    expect(await outline(c.id)).toEqual(expected);
    await expectPositionsFollowCurriculum(c.id);

    // Learners and visitors see the same sections and the flat list in curriculum order.
    const own = await creatorView(c.id);
    const pub = await send(app, 'GET', `/api/course/getcourse/${c.id}`, studentCookie);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().sections).toEqual(own.sections);
    expect(pub.json().lectures.map((l: { lectureTitle: string }) => l.lectureTitle)).toEqual([
      'Welcome',
      'Preface',
      'One',
      'Two',
      'Deep',
      'Last',
    ]);
    expect(own.sections.map((s) => s.position)).toEqual([0, 1]);
  });

  it('a course without sections keeps working as before', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false });
    await addLecture(c.id, 'A');
    await addLecture(c.id, 'B');
    const course = await creatorView(c.id);
    expect(course.sections).toEqual([]);
    expect(course.lectures.map((l) => [l.lectureTitle, l.sectionId])).toEqual([
      ['A', null],
      ['B', null],
    ]);
    await expectPositionsFollowCurriculum(c.id);
  });

  it('renames and moves sections; the others are renumbered and the lectures follow', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false, lectures: [{ lectureTitle: 'Intro' }] });
    const a = await addSection(c.id, 'A');
    const b = await addSection(c.id, 'B');
    const s3 = await addSection(c.id, 'C');
    await addLecture(c.id, 'a1', a._id);
    await addLecture(c.id, 'b1', b._id);
    await addLecture(c.id, 'c1', s3._id);
    await addLecture(c.id, 'c2', s3._id);

    const renamed = await send(app, 'POST', `/api/course/editsection/${b._id}`, cookie, { title: ' Bee ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({
      _id: b._id,
      title: 'Bee',
      position: 1,
      lectureIds: [expect.any(String)],
      message: 'Section Updated',
    });

    const moved = await send(app, 'POST', `/api/course/editsection/${s3._id}`, cookie, { position: 0 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ title: 'C', position: 0 });
    expect(moved.json().lectureIds).toHaveLength(2);
    expect(await outline(c.id)).toEqual([
      ['', 'Intro'],
      ['C', 'c1', 'c2'],
      ['A', 'a1'],
      ['Bee', 'b1'],
    ]);
    await expectPositionsFollowCurriculum(c.id);

    // Past the end: last. Title and position together.
    const both = await send(app, 'POST', `/api/course/editsection/${a._id}`, cookie, { title: 'Aye', position: 99 });
    expect(both.json()).toMatchObject({ title: 'Aye', position: 2 });
    expect(await outline(c.id)).toEqual([
      ['', 'Intro'],
      ['C', 'c1', 'c2'],
      ['Bee', 'b1'],
      ['Aye', 'a1'],
    ]);
    await expectPositionsFollowCurriculum(c.id);

    for (const body of [
      { title: '  ' },
      { title: 'x'.repeat(121) },
      { position: -1 },
      { position: 1.5 },
      { position: '1' },
    ]) {
      const res = await send(app, 'POST', `/api/course/editsection/${a._id}`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const body of [{}, { title: '' }, { title: 'y'.repeat(121) }]) {
      const res = await send(app, 'POST', `/api/course/createsection/${c.id}`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/Section title/);
    }
  });

  it('removing a section moves its lectures to the end of the previous one, or of the implicit group', async () => {
    const c = await createCourse(app, educator.id, { isPublished: true, lectures: [{ lectureTitle: 'Intro' }] });
    const a = await addSection(c.id, 'A');
    const b = await addSection(c.id, 'B');
    const s3 = await addSection(c.id, 'C');
    await addLecture(c.id, 'a1', a._id);
    await addLecture(c.id, 'a2', a._id);
    await addLecture(c.id, 'b1', b._id);
    await addLecture(c.id, 'b2', b._id);
    await addLecture(c.id, 'c1', s3._id);

    const res = await send(app, 'DELETE', `/api/course/removesection/${b._id}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Section Removed' });
    expect(await outline(c.id)).toEqual([
      ['', 'Intro'],
      ['A', 'a1', 'a2', 'b1', 'b2'],
      ['C', 'c1'],
    ]);
    expect((await creatorView(c.id)).sections.map((s) => s.position)).toEqual([0, 1]);
    await expectPositionsFollowCurriculum(c.id);

    // The first section: into the implicit group, after its lectures.
    await send(app, 'DELETE', `/api/course/removesection/${a._id}`, cookie);
    expect(await outline(c.id)).toEqual([
      ['', 'Intro', 'a1', 'a2', 'b1', 'b2'],
      ['C', 'c1'],
    ]);
    await expectPositionsFollowCurriculum(c.id);

    await send(app, 'DELETE', `/api/course/removesection/${s3._id}`, cookie);
    const course = await creatorView(c.id);
    expect(course.sections).toEqual([]);
    expect(course.lectures.map((l) => [l.lectureTitle, l.sectionId])).toEqual(
      ['Intro', 'a1', 'a2', 'b1', 'b2', 'c1'].map((t) => [t, null]),
    );
    await expectPositionsFollowCurriculum(c.id);
    // Gone: a second removal is 404.
    expect((await send(app, 'DELETE', `/api/course/removesection/${s3._id}`, cookie)).statusCode).toBe(404);
  });

  it('reorderlectures sets every lecture’s section and order in one go and answers the creator view', async () => {
    const c = await createCourse(app, educator.id, {
      isPublished: false,
      lectures: [{ lectureTitle: 'L1' }, { lectureTitle: 'L2' }, { lectureTitle: 'L3' }, { lectureTitle: 'L4' }],
    });
    const [l1, l2, l3, l4] = c.lectures.map((l) => l.id);
    const a = await addSection(c.id, 'A');
    const b = await addSection(c.id, 'B');

    const res = await send(app, 'POST', `/api/course/reorderlectures/${c.id}`, cookie, {
      sections: [
        { _id: b._id, lectureIds: [l1, l3] },
        { _id: null, lectureIds: [l4] },
        { _id: a._id, lectureIds: [l2] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Sections keep their order; the flat list follows the curriculum.
    expect(body.sections).toEqual([
      { _id: a._id, title: 'A', position: 0, lectureIds: [l2] },
      { _id: b._id, title: 'B', position: 1, lectureIds: [l1, l3] },
    ]);
    expect(body.lectures.map((l: { _id: string }) => l._id)).toEqual([l4, l2, l1, l3]);
    expect(body.lectures.map((l: { sectionId: string | null }) => l.sectionId)).toEqual([null, a._id, b._id, b._id]);
    expect(body.enrolledStudents).toEqual([]);
    await expectPositionsFollowCurriculum(c.id);

    // A section left out ends up empty.
    const again = await send(app, 'POST', `/api/course/reorderlectures/${c.id}`, cookie, {
      sections: [{ _id: a._id, lectureIds: [l3, l2, l1, l4] }],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await outline(c.id)).toEqual([[''], ['A', 'L3', 'L2', 'L1', 'L4'], ['B']]);
    await expectPositionsFollowCurriculum(c.id);
  });

  it('reorderlectures refuses a curriculum that is not exactly the course’s, and changes nothing', async () => {
    const c = await createCourse(app, educator.id, {
      isPublished: false,
      lectures: [{ lectureTitle: 'L1' }, { lectureTitle: 'L2' }],
    });
    const [l1, l2] = c.lectures.map((l) => l.id);
    const a = await addSection(c.id, 'A');
    const foreignCourse = await createCourse(app, educator.id, {
      isPublished: false,
      lectures: [{ lectureTitle: 'F' }],
    });
    const foreign = await addSection(foreignCourse.id, 'Foreign');
    const before = await outline(c.id);

    const bad = [
      { sections: [{ _id: null, lectureIds: [l1] }] }, // missing lecture
      { sections: [{ _id: null, lectureIds: [l1, l2, l1] }] }, // duplicate lecture
      {
        sections: [
          { _id: null, lectureIds: [l1] },
          { _id: a._id, lectureIds: [l1, l2] },
        ],
      }, // duplicate across sections
      { sections: [{ _id: foreign._id, lectureIds: [l1, l2] }] }, // another course's section
      { sections: [{ _id: 'not-a-uuid', lectureIds: [l1, l2] }] }, // malformed section id
      {
        sections: [
          { _id: a._id, lectureIds: [l1] },
          { _id: a._id, lectureIds: [l2] },
        ],
      }, // section twice
      { sections: [{ _id: null, lectureIds: [l1, l2, foreignCourse.lectures[0].id] }] }, // another course's lecture
      { sections: [{ _id: null, lectureIds: [l1, l2, 'nope'] }] }, // malformed lecture id
      { sections: 'all' },
      {},
    ];
    for (const body of bad) {
      const res = await send(app, 'POST', `/api/course/reorderlectures/${c.id}`, cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await outline(c.id)).toEqual(before);
    expect(await outline(foreignCourse.id)).toEqual([['', 'F'], ['Foreign']]);
  });

  it('createlecture and editlecture take a sectionId of the same course only', async () => {
    const c = await createCourse(app, educator.id, { isPublished: false, lectures: [{ lectureTitle: 'L1' }] });
    const a = await addSection(c.id, 'A');
    const b = await addSection(c.id, 'B');
    const otherCourse = await createCourse(app, educator.id, { isPublished: false });
    const foreign = await addSection(otherCourse.id, 'Foreign');

    for (const sectionId of [foreign._id, 'nope', '00000000-0000-4000-8000-000000000000']) {
      const res = await send(app, 'POST', `/api/course/createlecture/${c.id}`, cookie, {
        lectureTitle: 'Lost',
        sectionId,
      });
      expect(res.statusCode, sectionId).toBe(400);
    }
    const all = await app.db.select().from(lectures).where(eq(lectures.courseId, c.id));
    expect(all.map((l) => l.lectureTitle)).toEqual(['L1']);

    const l1 = c.lectures[0].id;
    // JSON: to the end of B; the answer keeps its shape with the new sectionId.
    await addLecture(c.id, 'b1', b._id);
    const json = await send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, { sectionId: b._id });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ _id: l1, sectionId: b._id, lecture: { sectionId: b._id } });
    expect(await outline(c.id)).toEqual([[''], ['A'], ['B', 'b1', 'L1']]);
    await expectPositionsFollowCurriculum(c.id);
    // Multipart, with other fields.
    const form = await send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, {
      multipart: { lectureTitle: 'One', sectionId: a._id },
    });
    expect(form.statusCode, form.body).toBe(200);
    expect(await outline(c.id)).toEqual([[''], ['A', 'One'], ['B', 'b1']]);
    // "" in a form (or null in JSON): back to the implicit group.
    await send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, { multipart: { sectionId: '' } });
    expect(await outline(c.id)).toEqual([['', 'One'], ['A'], ['B', 'b1']]);
    await send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, { sectionId: a._id });
    await send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, { sectionId: null });
    expect(await outline(c.id)).toEqual([['', 'One'], ['A'], ['B', 'b1']]);
    await expectPositionsFollowCurriculum(c.id);

    for (const sectionId of [foreign._id, 'nope']) {
      const res = await send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, {
        lectureTitle: 'Changed',
        sectionId,
      });
      expect(res.statusCode, sectionId).toBe(400);
    }
    const [row] = await app.db.select().from(lectures).where(eq(lectures.id, l1));
    expect(row).toMatchObject({ lectureTitle: 'One', sectionId: null });
  });

  it('concurrent curriculum edits of one course wait for each other: no deadlock, no lost lecture', async () => {
    const c = await createCourse(app, educator.id, {
      isPublished: false,
      lectures: [{ lectureTitle: 'L1' }, { lectureTitle: 'L2' }, { lectureTitle: 'L3' }],
    });
    const [l1, l2, l3] = c.lectures.map((l) => l.id);
    const a = await addSection(c.id, 'A');
    const b = await addSection(c.id, 'B');
    const results = await Promise.all([
      send(app, 'POST', `/api/course/reorderlectures/${c.id}`, cookie, {
        sections: [
          { _id: a._id, lectureIds: [l3, l1] },
          { _id: b._id, lectureIds: [l2] },
        ],
      }),
      send(app, 'POST', `/api/course/editlecture/${l1}`, cookie, { sectionId: b._id, lectureTitle: 'One' }),
      send(app, 'POST', `/api/course/editlecture/${l2}`, cookie, { isPreviewFree: true }),
      send(app, 'POST', `/api/course/createlecture/${c.id}`, cookie, { lectureTitle: 'L4', sectionId: a._id }),
      send(app, 'POST', `/api/course/editsection/${b._id}`, cookie, { position: 0 }),
      send(app, 'DELETE', `/api/course/removelecture/${l3}`, cookie),
    ]);
    // The reorder may find L4 created or L3 removed first: then it no longer names every lecture.
    for (const res of results) expect([200, 201, 400], res.body).toContain(res.statusCode);
    expect(results.slice(1).map((r) => r.statusCode)).toEqual([200, 200, 201, 200, 200]);
    const course = await creatorView(c.id);
    expect(course.lectures.map((l) => l.lectureTitle).sort()).toEqual(['L2', 'L4', 'One']);
    await expectPositionsFollowCurriculum(c.id);
  });

  it('keeps every section endpoint to the course creator: 401, 403, and 404 where existence must not leak', async () => {
    for (const isPublished of [true, false]) {
      const course = await createCourse(app, educator.id, { isPublished, lectures: [{ lectureTitle: 'L' }] });
      const section = await addSection(course.id, 'S');
      const lectureId = course.lectures[0].id;
      const before = await outline(course.id);
      const calls = [
        ['POST', `/api/course/createsection/${course.id}`, { title: 'Intruder' }],
        ['POST', `/api/course/editsection/${section._id}`, { title: 'Intruder', position: 0 }],
        ['DELETE', `/api/course/removesection/${section._id}`, undefined],
        [
          'POST',
          `/api/course/reorderlectures/${course.id}`,
          { sections: [{ _id: section._id, lectureIds: [lectureId] }] },
        ],
      ] as const;
      for (const [method, url, body] of calls) {
        const label = `${method} ${url} (${isPublished ? 'published' : 'draft'})`;
        expect((await send(app, method, url, undefined, body)).statusCode, label).toBe(401);
        expect((await send(app, method, url, studentCookie, body)).statusCode, label).toBe(403);
        expect((await send(app, method, url, otherCookie, body)).statusCode, label).toBe(isPublished ? 403 : 404);
      }
      expect(await outline(course.id)).toEqual(before);
    }
    for (const bad of ['nope', '00000000-0000-4000-8000-000000000000']) {
      const calls = [
        ['POST', `/api/course/createsection/${bad}`, { title: 'x' }],
        ['POST', `/api/course/editsection/${bad}`, { title: 'x' }],
        ['DELETE', `/api/course/removesection/${bad}`, undefined],
        ['POST', `/api/course/reorderlectures/${bad}`, { sections: [] }],
      ] as const;
      for (const [method, url, body] of calls) {
        expect((await send(app, method, url, cookie, body)).statusCode, `${method} ${url}`).toBe(404);
      }
    }
  });
});
