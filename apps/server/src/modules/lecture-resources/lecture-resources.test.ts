import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lectureResources } from '../../core/db/schema/index.ts';
import { buildTestApp, createCourse, createUser, enroll, loginCookie } from '../../test/app.ts';
import { jpeg, type Part, send, storedKeys } from '../courses/test-helpers.ts';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41), Buffer.from('\n%%EOF\n')]);
/** A ZIP's local file header, as every ZIP-based file (docx, pptx, xlsx) starts. */
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]), Buffer.alloc(600, 1)]);
/** A Windows program's first bytes. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0x00, 0x03, 0x00]), Buffer.alloc(500, 0)]);
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(300, 0)]);

const file = (filename: string, data: Buffer | string, type = 'application/octet-stream'): Part => ({
  filename,
  type,
  data: Buffer.isBuffer(data) ? data : Buffer.from(data),
});

describe('lecture resources', async () => {
  const app = await buildTestApp();
  const creator = await createUser(app, { role: 'educator' });
  const otherEducator = await createUser(app, { role: 'educator' });
  const enrolled = await createUser(app);
  const outsider = await createUser(app);
  const course = await createCourse(app, creator.id, {
    title: 'Resources course',
    lectures: [{ lectureTitle: 'Paid lecture' }, { lectureTitle: 'Preview lecture', isPreviewFree: true }],
  });
  const [paid, preview] = course.lectures;
  await enroll(app, enrolled.id, course.id);
  const cookies = {
    anonymous: undefined,
    creator: await loginCookie(app, creator),
    otherEducator: await loginCookie(app, otherEducator),
    enrolled: await loginCookie(app, enrolled),
    outsider: await loginCookie(app, outsider),
  };
  type Who = keyof typeof cookies;
  /** Everyone but the course's creator, and what adding or removing a file answers them. */
  const NOT_THE_CREATOR: [Who, number][] = [
    ['anonymous', 401],
    ['enrolled', 403],
    ['outsider', 403],
    ['otherEducator', 403],
  ];

  const upload = (lectureId: string, parts: Record<string, Part>, who: Who = 'creator') =>
    send(app, 'POST', `/api/course/lectureresources/${lectureId}`, cookies[who], { multipart: parts });
  const remove = (lectureId: string, resourceId: string, who: Who = 'creator') =>
    send(app, 'DELETE', `/api/course/lectureresources/${lectureId}/${resourceId}`, cookies[who]);
  const download = (url: string, who: Who) =>
    app.inject({ method: 'GET', url, headers: cookies[who] ? { cookie: cookies[who] } : {} });
  const resourceKeys = (lectureId: string) => storedKeys(app, `private/lectures/${course.id}/${lectureId}/resources/`);
  const rowsOf = (lectureId: string) =>
    app.db.select().from(lectureResources).where(eq(lectureResources.lectureId, lectureId));

  /** Adds a file as the creator and answers the new resource. */
  async function attach(lectureId: string, part: Part, title?: string) {
    const res = await upload(lectureId, { ...(title !== undefined ? { title } : {}), file: part });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().resources.at(-1) as { _id: string; url: string; fileName: string; title: string };
  }

  describe('who may add, remove and download', () => {
    it('lets only the course creator add a file: 401 signed out, 403 for learners and other educators', async () => {
      for (const [who, status] of NOT_THE_CREATOR) {
        const res = await upload(paid.id, { file: file('notes.pdf', PDF) }, who);
        expect(res.statusCode, who).toBe(status);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect(await rowsOf(paid.id)).toHaveLength(0);
      expect(await resourceKeys(paid.id)).toEqual([]);

      const res = await upload(paid.id, { title: 'Week 1 notes', file: file('notes.pdf', PDF) });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body.message).toBe('Resource Added');
      expect(body.resources).toEqual([
        {
          _id: expect.any(String),
          title: 'Week 1 notes',
          fileName: 'notes.pdf',
          size: PDF.length,
          contentType: 'application/pdf',
          url: `/api/course/lectureresources/${paid.id}/${body.resources[0]._id}`,
        },
      ]);
      expect(await resourceKeys(paid.id)).toHaveLength(1);
    });

    it('lists each lecture’s files in the course answers', async () => {
      const [resource] = await rowsOf(paid.id);
      const publicAnswer = (await app.inject(`/api/course/getcourse/${course.id}`)).json();
      const lecture = publicAnswer.lectures.find((l: { _id: string }) => l._id === paid.id);
      expect(lecture.resources).toEqual([
        {
          _id: resource.id,
          title: 'Week 1 notes',
          fileName: 'notes.pdf',
          size: PDF.length,
          contentType: 'application/pdf',
          url: `/api/course/lectureresources/${paid.id}/${resource.id}`,
        },
      ]);
      expect(publicAnswer.lectures.find((l: { _id: string }) => l._id === preview.id).resources).toEqual([]);
      const own = (await send(app, 'GET', `/api/course/getcourselecture/${course.id}`, cookies.creator)).json();
      expect(own.lectures.find((l: { _id: string }) => l._id === paid.id).resources).toHaveLength(1);
    });

    it('shows a change at once in the cached course answers (the catalogue version moves)', async () => {
      const before = (await app.inject(`/api/course/getcourse/${course.id}`)).json();
      const count = (answer: { lectures: { _id: string; resources: unknown[] }[] }) =>
        answer.lectures.find((l) => l._id === paid.id)?.resources.length ?? -1;
      const added = await attach(paid.id, file('extra.txt', 'extra'));
      const after = (await app.inject(`/api/course/getcourse/${course.id}`)).json();
      expect(count(after)).toBe(count(before) + 1);
      expect((await remove(paid.id, added._id)).statusCode).toBe(200);
      expect(count((await app.inject(`/api/course/getcourse/${course.id}`)).json())).toBe(count(before));
    });

    it('downloads with the video’s access check: enrolled learners and the creator; anyone signed in for a preview', async () => {
      const [resource] = await rowsOf(paid.id);
      const previewFile = await attach(preview.id, file('cheatsheet.md', '# Cheat sheet\n\nनमस्ते — ₹ 499\n'));
      const paidUrl = `/api/course/lectureresources/${paid.id}/${resource.id}`;
      const matrix: [Who, number, number][] = [
        // who, paid lecture, preview lecture
        ['anonymous', 401, 401],
        ['outsider', 403, 200],
        ['otherEducator', 403, 200],
        ['enrolled', 200, 200],
        ['creator', 200, 200],
      ];
      for (const [who, paidStatus, previewStatus] of matrix) {
        const a = await download(paidUrl, who);
        expect(a.statusCode, `${who} paid`).toBe(paidStatus);
        const b = await download(previewFile.url, who);
        expect(b.statusCode, `${who} preview`).toBe(previewStatus);
      }
      expect((await download(paidUrl, 'outsider')).json().message).toBe('Enroll in this course to download its files');
      expect((await download(paidUrl, 'anonymous')).json().message).toBe('Please log in to download this file');

      const res = await download(paidUrl, 'enrolled');
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="notes.pdf"; filename*=UTF-8''notes.pdf`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-cache');

      const md = await download(previewFile.url, 'outsider');
      expect(md.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(md.body).toContain('नमस्ते');
    });

    it('answers 404 for unknown or malformed ids, and for a file asked for under another lecture', async () => {
      const [resource] = await rowsOf(paid.id);
      const unknown = '00000000-0000-4000-8000-000000000000';
      for (const url of [
        `/api/course/lectureresources/${paid.id}/${unknown}`,
        `/api/course/lectureresources/${paid.id}/not-a-uuid`,
        `/api/course/lectureresources/${unknown}/${resource.id}`,
        `/api/course/lectureresources/${preview.id}/${resource.id}`,
      ]) {
        expect((await download(url, 'creator')).statusCode, url).toBe(404);
      }
      expect((await remove(preview.id, resource.id)).statusCode).toBe(404);
      expect((await remove(paid.id, 'not-a-uuid')).statusCode).toBe(404);
      expect((await upload('not-a-uuid', { file: file('a.pdf', PDF) })).statusCode).toBe(404);
      expect(await rowsOf(paid.id)).toHaveLength(1);
    });

    it('lets only the creator remove a file, and removes its bytes', async () => {
      const added = await attach(paid.id, file('slides.pptx', ZIP));
      for (const [who, status] of NOT_THE_CREATOR) {
        expect((await remove(paid.id, added._id, who)).statusCode, who).toBe(status);
      }
      expect(await resourceKeys(paid.id)).toHaveLength(2);
      const res = await remove(paid.id, added._id);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Resource Removed');
      expect(res.json().resources.map((r: { fileName: string }) => r.fileName)).toEqual(['notes.pdf']);
      expect(await resourceKeys(paid.id)).toHaveLength(1);
      expect((await download(added.url, 'creator')).statusCode).toBe(404);
      // Removing it again: it is gone.
      expect((await remove(paid.id, added._id)).statusCode).toBe(404);
    });
  });

  describe('content', () => {
    const lecture = async () => {
      const [row] = (
        await createCourse(app, creator.id, { title: 'Content checks', lectures: [{ lectureTitle: 'L' }] })
      ).lectures;
      return row;
    };

    it('refuses a program, whatever its name says, and keeps nothing', async () => {
      const target = await lecture();
      for (const [name, data] of [
        ['notes.pdf', EXE],
        ['notes.txt', EXE],
        ['lecture', ELF],
      ] as const) {
        const res = await upload(target.id, { file: file(name, data, 'application/pdf') });
        expect(res.statusCode, name).toBe(415);
        expect(res.json().message).toBe(
          'Programs cannot be attached to a lecture; put the code in a ZIP archive or attach its source',
        );
      }
      // A name Windows runs when opened, even with text in it.
      const bat = await upload(target.id, { file: file('setup.bat', '@echo off\r\ndel *.*\r\n', 'text/plain') });
      expect(bat.statusCode).toBe(415);
      expect(await rowsOf(target.id)).toHaveLength(0);
      expect(await storedKeys(app, `private/lectures/${target.courseId}/`)).toEqual([]);
    });

    it('refuses a file whose name promises another type than its content', async () => {
      const target = await lecture();
      const zipAsPdf = await upload(target.id, { file: file('notes.pdf', ZIP, 'application/pdf') });
      expect(zipAsPdf.statusCode).toBe(415);
      expect(zipAsPdf.json().message).toBe('This file is named .pdf but its content is a ZIP archive');
      const textAsPng = await upload(target.id, { file: file('diagram.png', 'just text', 'image/png') });
      expect(textAsPng.statusCode).toBe(415);
      expect(textAsPng.json().message).toBe('This file is named .png but its content is a text file');
    });

    it('refuses binary data that is no type we take, and text that is not UTF-8 or has a NUL late in the file', async () => {
      const target = await lecture();
      const unsupported =
        'Only PDF, ZIP-based files (zip, docx, pptx, xlsx), PNG or JPEG images, and UTF-8 text (notes, Markdown, source code) can be attached';
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(50, 0)]);
      // Latin-1 bytes: not UTF-8, and no NUL in them.
      const latin1 = Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e\n', 'latin1');
      // A text head, then a NUL far beyond the first chunk: the whole file is checked, not its start.
      const lateNul = Buffer.concat([Buffer.alloc(200_000, 'a'), Buffer.from([0]), Buffer.from('tail')]);
      for (const [name, data] of [
        ['anim.gif', gif],
        ['recipe.txt', latin1],
        ['main.py', lateNul],
      ] as const) {
        const res = await upload(target.id, { file: file(name, data) });
        expect(res.statusCode, name).toBe(415);
        expect(res.json().message).toBe(unsupported);
      }
      expect(await rowsOf(target.id)).toHaveLength(0);
      expect(await storedKeys(app, `private/lectures/${target.courseId}/`)).toEqual([]);
    });

    it('takes PDF, ZIP-based documents, PNG/JPEG and UTF-8 text, typed by content, with a sanitised name', async () => {
      const target = await lecture();
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 2)]);
      const cases: [string, Buffer | string, string, string][] = [
        [
          'slides.pptx',
          ZIP,
          'application/vnd.openxmlformats-officedocument.presentationml.presentation',
          'slides.pptx',
        ],
        ['essay.docx', ZIP, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'essay.docx'],
        ['code.zip', ZIP, 'application/zip', 'code.zip'],
        ['diagram.png', png, 'image/png', 'diagram.png'],
        ['photo.jpeg', await jpeg(40, 30), 'image/jpeg', 'photo.jpeg'],
        ['solution.py', 'print("हिंदी")\n', 'text/plain; charset=utf-8', 'solution.py'],
        ['C:\\Users\\me\\"week 1"<notes>.md', '# Notes\n', 'text/plain; charset=utf-8', '_week 1__notes_.md'],
        ['../../etc/passwd', 'root:x:0:0\n', 'text/plain; charset=utf-8', 'passwd'],
      ];
      for (const [name, data, contentType, fileName] of cases) {
        // The browser's declared type is ignored: it says HTML here.
        const added = await attach(
          target.id,
          file(name, Buffer.isBuffer(data) ? data : Buffer.from(data), 'text/html'),
        );
        expect(added, `${name} → ${JSON.stringify(added)}`).toMatchObject({ fileName, contentType, title: fileName });
      }
      // The stored name is what the download says, quoted safely and in UTF-8.
      const hindi = await attach(target.id, file('नोट्स.txt', 'text'));
      const res = await download(hindi.url, 'creator');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="_____.txt"; filename*=UTF-8''${encodeURIComponent('नोट्स.txt')}`,
      );
    });

    it('answers 400 for an empty file, no file, a bad title, or a file in another field', async () => {
      const target = await lecture();
      const empty = await upload(target.id, { file: file('empty.txt', Buffer.alloc(0)) });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('The file is empty');
      const none = await upload(target.id, { title: 'Only a title' });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('Choose a file to attach');
      const long = await upload(target.id, { title: 'x'.repeat(121), file: file('a.txt', 'a') });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('Title must be 120 characters or fewer');
      const wrongField = await upload(target.id, { attachment: file('a.txt', 'a') });
      expect(wrongField.statusCode).toBe(400);
      expect(await rowsOf(target.id)).toHaveLength(0);
      expect(await storedKeys(app, `private/lectures/${target.courseId}/`)).toEqual([]);
    });
  });

  describe('limits and removal', () => {
    it('takes at most 20 files a lecture, also when uploads race for the last places', async () => {
      const [target] = (await createCourse(app, creator.id, { lectures: [{ lectureTitle: 'Full' }] })).lectures;
      for (let i = 0; i < 17; i++) await attach(target.id, file(`part-${i}.txt`, `part ${i}`));
      const racing = await Promise.all(
        Array.from({ length: 6 }, (_, i) => upload(target.id, { file: file(`race-${i}.txt`, `race ${i}`) })),
      );
      const statuses = racing.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 409, 409, 409]);
      const refused = racing.find((r) => r.statusCode === 409);
      expect(refused?.json().message).toBe('A lecture can have at most 20 files; remove one to add another');
      expect(await rowsOf(target.id)).toHaveLength(20);
      expect(await storedKeys(app, `private/lectures/${target.courseId}/${target.id}/resources/`)).toHaveLength(20);
      const more = await upload(target.id, { file: file('one-more.txt', 'no room') });
      expect(more.statusCode).toBe(409);
    });

    it('removes the files with their lecture, and with their course', async () => {
      const other = await createCourse(app, creator.id, {
        lectures: [{ lectureTitle: 'Goes' }, { lectureTitle: 'Stays' }],
      });
      const [goes, stays] = other.lectures;
      await attach(goes.id, file('a.pdf', PDF));
      await attach(goes.id, file('b.txt', 'b'));
      const kept = await attach(stays.id, file('c.txt', 'c'));
      const prefix = `private/lectures/${other.id}/`;
      expect(await storedKeys(app, prefix)).toHaveLength(3);

      const res = await send(app, 'DELETE', `/api/course/removelecture/${goes.id}`, cookies.creator);
      expect(res.statusCode).toBe(200);
      expect(await rowsOf(goes.id)).toHaveLength(0);
      expect(await storedKeys(app, `${prefix}${goes.id}/`)).toEqual([]);
      expect(await storedKeys(app, `${prefix}${stays.id}/`)).toHaveLength(1);
      expect((await download(kept.url, 'creator')).statusCode).toBe(200);

      const unpublish = await send(app, 'POST', `/api/course/editcourse/${other.id}`, cookies.creator, {
        isPublished: false,
      });
      expect(unpublish.statusCode, unpublish.body).toBe(200);
      const deleted = await send(app, 'DELETE', `/api/course/removecourse/${other.id}`, cookies.creator);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await rowsOf(stays.id)).toHaveLength(0);
      expect(await storedKeys(app, prefix)).toEqual([]);
    });
  });
});
