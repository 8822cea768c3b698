import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createCourse, createUser, loginCookie } from '../../test/app.ts';

/**
 * The AI search across Hindi and English through the real app and database: a Devanagari query
 * finds an English course, an English query a course written in Devanagari, a query in either
 * script a course in the other's spelling variants, constraints said in Hindi, and no answer
 * when nothing fits. The catalogue is written for this test (not the evaluation sets).
 */
describe('POST /api/ai/search in Hindi and English', async () => {
  const app = await buildTestApp();
  const educator = await createUser(app, { role: 'educator' });
  const cookie = await loginCookie(app, await createUser(app, { role: 'student' }));

  const titles = async (input: string) => {
    const res = await app.inject({ method: 'POST', url: '/api/ai/search', headers: { cookie }, payload: { input } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { title: string }[]).map((c) => c.title);
  };

  beforeAll(async () => {
    await createCourse(app, educator.id, {
      title: 'Microsoft Excel Essentials',
      subTitle: 'Formulas, charts and pivot tables for office work',
      description: 'Spreadsheets from the first cell to a monthly report.',
      category: 'Data Analytics',
      level: 'Beginner',
      price: 449,
      lectures: [{ lectureTitle: 'Formulas' }, { lectureTitle: 'Pivot tables' }],
    });
    await createCourse(app, educator.id, {
      title: 'Java for Backend Developers',
      subTitle: 'Spring Boot services and databases',
      description: 'Write REST services in Java.',
      category: 'Web Development',
      level: 'Intermediate',
      price: 1999,
    });
    await createCourse(app, educator.id, {
      title: 'जावास्क्रिप्ट की बुनियाद',
      subTitle: 'वेब पेज को इंटरैक्टिव बनाना सीखें',
      description: 'वेरिएबल, फ़ंक्शन और इवेंट से ब्राउज़र में छोटे प्रोजेक्ट बनाएं। यह कोर्स मुफ़्त है।',
      category: 'Web Development',
      level: 'Beginner',
      language: 'hi',
      price: 0,
      lectures: [{ lectureTitle: 'वेरिएबल और फ़ंक्शन' }, { lectureTitle: 'इवेंट' }],
    });
    await createCourse(app, educator.id, {
      title: 'फ़ोटोशॉप से फ़ोटो एडिटिंग',
      subTitle: 'लेयर, मास्क और रंग सुधार',
      description: 'तस्वीरों को सुधारना और सोशल मीडिया के लिए पोस्टर बनाना।',
      category: 'UI UX Designing',
      level: 'Intermediate',
      price: 799,
    });
    await createCourse(app, educator.id, {
      title: 'Photo Editing in Lightroom',
      subTitle: 'Colour grading for photographers',
      description: 'Edit and export your photos.',
      category: 'Others',
      level: 'Beginner',
      price: 999,
    });
  });

  it('finds an English course by a Devanagari query', async () => {
    expect((await titles('एक्सेल सीखना है'))[0]).toBe('Microsoft Excel Essentials');
    // The price said in Hindi number words.
    expect((await titles('पाँच सौ से कम में एक्सेल कोर्स'))[0]).toBe('Microsoft Excel Essentials');
  });

  it('finds a course written in Devanagari by an English query, before its near miss', async () => {
    expect((await titles('javascript for beginners'))[0]).toBe('जावास्क्रिप्ट की बुनियाद');
    expect((await titles('free javascript course'))[0]).toBe('जावास्क्रिप्ट की बुनियाद');
    expect((await titles('java backend'))[0]).toBe('Java for Backend Developers');
  });

  it('meets a Devanagari course whatever spelling variant the query uses', async () => {
    // The course writes फ़ोटोशॉप with a nukta; learners often type it without, or in Latin.
    for (const q of ['फोटोशॉप सीखना है', 'photoshop', 'photoshop in hindi'])
      expect((await titles(q))[0], q).toBe('फ़ोटोशॉप से फ़ोटो एडिटिंग');
  });

  it('reads constraints said in Hindi', async () => {
    expect((await titles('मुफ़्त जावास्क्रिप्ट कोर्स'))[0]).toBe('जावास्क्रिप्ट की बुनियाद');
    expect((await titles('शुरुआती लोगों के लिए फोटो एडिटिंग'))[0]).toBe('Photo Editing in Lightroom');
  });

  it('answers nothing when nothing fits, in either script', async () => {
    expect(await titles('केक बनाना सीखना है')).toEqual([]);
    expect(await titles('baking cakes at home')).toEqual([]);
  });
});
