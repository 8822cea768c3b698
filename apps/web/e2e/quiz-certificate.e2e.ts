import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const THUMBNAIL = path.join(root, 'apps/server/seed-media/thumbnails/mern-stack-bootcamp.jpg');

const shot = (page: Page, name: string) => screenshot(page, `quiz-certificate-${name}.png`);
const origin = () => ({ origin: baseUrl() });

const password = 'Quizzes-e2e-2026!';
const account = (role: 'educator' | 'student', name: string) => ({
  name,
  email: `${role}-${randomBytes(4).toString('hex')}@example.com`,
  password,
  role,
});

async function signUp(page: Page, who: ReturnType<typeof account>) {
  const res = await page.request.post('/api/auth/signup', { data: who, headers: origin() });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { _id: string };
}

/** POSTs JSON through the page's session and answers the parsed body, failing on an error status. */
async function post<T>(page: Page, url: string, data: object = {}): Promise<T> {
  const res = await page.request.post(url, { data, headers: origin() });
  expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** Waits for a toast; on failure says which toasts were shown instead. */
const toast = (page: Page, text: string) =>
  page
    .locator('.Toastify__toast', { hasText: text })
    .first()
    .waitFor()
    .catch(async (error) => {
      const shown = await page.locator('.Toastify__toast').allTextContents();
      throw new Error(`no toast '${text}' at ${page.url()}; shown: ${JSON.stringify(shown)}`, { cause: error });
    });

/** Screenshots at 1280 and 360 px of the page as it is now, then back to 1280. */
async function shotsAt(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(150);
  await shot(page, `${name}-360`);
  expect(await axeViolations(page), `${name} at 360 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(150);
}

describe('quizzes and certificates', () => {
  it('an educator adds a quiz; a learner completes the course, fails then passes it, and claims a certificate anyone can verify', {
    timeout: 300_000,
  }, async () => {
    const educator = account('educator', 'Meera Iyer');
    const learner = account('student', 'Kabir Learner');
    const teacher = await newPage();
    const student = await newPage();
    onTestFailed(() => {
      for (const [name, w] of [
        ['educator', teacher],
        ['learner', student],
      ] as const) {
        console.error(`[${name}] at ${w.page.url()}; browser errors:\n${w.errors.join('\n')}`);
      }
    });

    // The educator's free course: a section of two lectures (no videos), then a section of one.
    await signUp(teacher.page, educator);
    const title = `Quiz Course ${randomBytes(2).toString('hex')}`;
    const { _id: courseId } = await post<{ _id: string }>(teacher.page, '/api/course/create', {
      title,
      category: 'Web Development',
    });
    await post(teacher.page, `/api/course/editcourse/${courseId}`, {
      subTitle: 'Check what you learned',
      description: 'Variables, functions and a quiz to check them.',
      level: 'Beginner',
      price: 0,
    });
    const section = await post<{ _id: string }>(teacher.page, `/api/course/createsection/${courseId}`, {
      title: 'Basics',
    });
    for (const lectureTitle of ['What a variable is', 'Functions']) {
      await post(teacher.page, `/api/course/createlecture/${courseId}`, { lectureTitle, sectionId: section._id });
    }
    const next = await post<{ _id: string }>(teacher.page, `/api/course/createsection/${courseId}`, {
      title: 'Next steps',
    });
    await post(teacher.page, `/api/course/createlecture/${courseId}`, {
      lectureTitle: 'Wrapping up',
      sectionId: next._id,
    });

    // The quiz, through the editor linked from the course's edit page.
    const { page } = teacher;
    await page.goto(`/addcourses/${courseId}`);
    await page.getByRole('link', { name: 'Quizzes' }).click();
    await page.waitForURL(`**/editquizzes/${courseId}`);
    await page.getByText('No quizzes yet').waitFor();
    await page.getByRole('button', { name: 'New quiz' }).click();
    await page.getByLabel('Quiz title').fill('Basics check');
    await page.getByLabel('Pass mark (%)').fill('100');
    await page.getByLabel('Attempts allowed').fill('3');
    await page.getByLabel('Shown after').selectOption({ label: 'Section: Basics' });
    await page.getByLabel('Question 1 text').fill('Which keyword declares a constant in JavaScript?');
    for (const [i, option] of ['var', 'let', 'const'].entries()) {
      if (i >= 2) await page.getByRole('button', { name: 'Add option' }).click();
      await page.getByLabel(`Question 1 option ${i + 1}`).fill(option);
    }
    await page.getByRole('radio', { name: 'Option 3 is correct' }).check();
    await page.getByLabel('Question 1 explanation (optional)').fill('A const binding cannot be reassigned.');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 2 text').fill('Which of these are JavaScript primitive types?');
    await page.getByLabel('Question 2 type').selectOption('multiple');
    for (const [i, option] of ['string', 'object', 'number'].entries()) {
      if (i >= 2) await page.getByRole('button', { name: 'Add option' }).nth(1).click();
      await page.getByLabel(`Question 2 option ${i + 1}`).fill(option);
    }
    const q2 = page.getByRole('listitem').filter({ hasText: 'Question 2' });
    await q2.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
    await q2.getByRole('checkbox', { name: 'Option 3 is correct' }).check();
    await shotsAt(page, 'editor-form');
    await page.getByRole('button', { name: 'Create quiz' }).click();
    await toast(page, 'Quiz created');
    await page.getByRole('heading', { name: 'Basics check' }).waitFor();
    // The quiz is the course's content (its lectures have no videos): with a thumbnail it can be published.
    const published = await page.request.post(`/api/course/editcourse/${courseId}`, {
      headers: origin(),
      multipart: {
        isPublished: 'true',
        thumbnail: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: readFileSync(THUMBNAIL) },
      },
    });
    expect(published.status(), await published.text()).toBe(200);
    expect(await page.getByText(/2 questions · pass mark 100% · 3 attempts · after “Basics”/).isVisible()).toBe(true);
    await shotsAt(page, 'editor-list');
    expect(await axeViolations(page)).toEqual([]);

    // The learner enrols (free) and works through the course.
    const s = student.page;
    await signUp(s, learner);
    const enrolled = await post<{ enrolled?: boolean }>(s, '/api/payment/create-order', { courseId });
    expect(enrolled.enrolled).toBe(true);
    await s.goto(`/viewlecture/${courseId}`);
    const list = s.getByRole('complementary');
    await list.getByRole('button', { name: /Basics check/ }).waitFor();
    // The quiz comes after its section's lectures, before the next section.
    const order = await list.getByRole('listitem').allTextContents();
    expect(order).toEqual([
      expect.stringContaining('What a variable is'),
      expect.stringContaining('Functions'),
      expect.stringContaining('Basics check'),
      expect.stringContaining('Wrapping up'),
    ]);
    await s.getByText('Complete every lecture and pass every quiz to get your certificate.').waitFor();

    for (const lectureTitle of ['What a variable is', 'Functions', 'Wrapping up']) {
      await list.getByRole('button', { name: new RegExp(lectureTitle) }).click();
      await s.getByRole('heading', { level: 2, name: lectureTitle }).waitFor();
      await s.getByRole('button', { name: 'Mark as complete' }).click();
      await s.getByRole('button', { name: 'Mark as not complete' }).waitFor();
    }
    await s.getByText('3 of 3 lectures').waitFor();

    // First attempt: one answer wrong, so below the 100% pass mark.
    await list.getByRole('button', { name: /Basics check/ }).click();
    const player = s.getByTestId('quiz-player');
    await player.getByText('Attempts left').waitFor();
    await shotsAt(s, 'player-intro');
    await player.getByRole('button', { name: 'Start quiz' }).click();
    await player.getByText('Question 1 of 2').waitFor();
    await player.getByRole('radio', { name: 'let' }).check();
    await shotsAt(s, 'player-question');
    await player.getByRole('button', { name: 'Next question' }).click();
    await player.getByRole('checkbox', { name: 'string' }).check();
    await player.getByRole('checkbox', { name: 'number' }).check();
    await player.getByRole('button', { name: 'Submit answers' }).click();
    await player.getByRole('heading', { name: 'Not passed: you scored 50%' }).waitFor();
    // The quiz shows its answers once passed (the default): not yet.
    await player.getByText('The correct answers and explanations are shown once you pass.').waitFor();
    expect(await player.getByText(/Correct answer:/).count()).toBe(0);
    expect(await player.getByText('A const binding cannot be reassigned.').count()).toBe(0);
    expect(await player.getByText(/Attempt 1 · 2 attempts left · Best score 50%/).isVisible()).toBe(true);
    await shotsAt(s, 'results-failed');

    // A claim now is refused with what is missing.
    const early = await s.request.post(`/api/certificate/claim/${courseId}`, { headers: origin() });
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toBe('Pass the quiz "Basics check" to get your certificate');

    // Second attempt: all correct.
    await player.getByRole('button', { name: 'Try again' }).click();
    await player.getByRole('radio', { name: 'const' }).check();
    await player.getByRole('button', { name: 'Next question' }).click();
    await player.getByRole('checkbox', { name: 'string' }).check();
    await player.getByRole('checkbox', { name: 'number' }).check();
    await player.getByRole('button', { name: 'Submit answers' }).click();
    await player.getByRole('heading', { name: 'Passed: you scored 100%' }).waitFor();
    expect(await player.getByText('A const binding cannot be reassigned.').isVisible()).toBe(true);
    expect(await player.getByText(/Attempt 2 · 1 attempt left · Best score 100%/).isVisible()).toBe(true);
    await list.getByRole('img', { name: 'Passed' }).waitFor();
    await shotsAt(s, 'results-passed');

    // The certificate.
    await s.getByRole('button', { name: 'Get certificate' }).click();
    await toast(s, 'Certificate issued');
    await s.getByRole('link', { name: 'View certificate' }).click();
    await s.waitForURL(/\/certificate\/[0-9a-f-]{36}$/);
    const certificateId = s.url().split('/').pop() as string;
    await s.getByRole('heading', { level: 1, name: 'Kabir Learner' }).waitFor();

    // On the profile too.
    await s.goto('/profile');
    await s.getByRole('heading', { name: 'My Certificates' }).waitFor();
    expect(await s.getByRole('link', { name: title, exact: true }).getAttribute('href')).toBe(
      `/certificate/${certificateId}`,
    );
    await shot(s, 'profile-1280');

    // Signed out, anyone can open it; the HTML carries Open Graph tags; the PDF is a PDF.
    const visitor = await newPage();
    const v = visitor.page;
    await v.goto(`/certificate/${certificateId}`);
    await v.getByRole('heading', { level: 1, name: 'Kabir Learner' }).waitFor();
    expect(await v.getByText(title).isVisible()).toBe(true);
    expect(await v.getByText('Meera Iyer').isVisible()).toBe(true);
    expect(await v.getByRole('note').textContent()).toContain('Verified by Kaksha');
    await shotsAt(v, 'certificate-page');
    expect(await axeViolations(v)).toEqual([]);
    const html = await (await v.request.get(`/certificate/${certificateId}`)).text();
    expect(html).toContain(`<meta property="og:title" content="Kabir Learner completed ${title} on Kaksha">`);
    expect(html).toContain(`<meta property="og:url" content="${baseUrl()}/certificate/${certificateId}">`);
    // Its data is preloaded with the page (and used: the collected console errors would say otherwise).
    expect(html).toContain(`<link rel="preload" href="/api/certificate/verify/${certificateId}"`);
    const pdfHref = (await v.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) as string;
    const pdf = await v.request.get(pdfHref);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The educator's dashboard: one certificate, every attempted quiz passed, no question waiting (#30).
    await page.goto('/dashboard');
    const outcomes = page.getByRole('region', { name: 'Quizzes and certificates' });
    const row = outcomes.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    expect(await row.getByRole('cell').allTextContents()).toEqual([title, '100%', '1', '0']);
    await shotsAt(page, 'dashboard');

    for (const w of [teacher, student, visitor]) expect(w.errors).toEqual([]);
  });
});
