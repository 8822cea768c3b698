import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { axeViolations, baseUrl, newPage, screenshot } from './browser';
import { contentOf, latinTextOn } from './hindi.latin';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const THUMBNAIL = path.join(root, 'apps/server/seed-media/thumbnails/mern-stack-bootcamp.jpg');
const origin = () => ({ origin: baseUrl() });

/** A browser whose reader chose Hindi (the switch's cookie), at 1280 px. */
async function hindiPage() {
  const browser = await newPage();
  await browser.context.addCookies([{ name: 'locale', value: 'hi', url: baseUrl() }]);
  return browser;
}

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url);
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

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

/**
 * The screen as it is now, in Hindi: no Latin-script text outside `content`, screenshots at 1280
 * and 360 px (no sideways scrolling at 360) and axe clean at both.
 */
async function checkScreen(page: Page, name: string, content: string[] = []) {
  await page.waitForFunction(() => document.fonts.status === 'loaded');
  expect(await page.evaluate(() => document.documentElement.lang), name).toBe('hi');
  expect(await latinTextOn(page, content), `${name}: English left on the Hindi screen`).toEqual([]);
  await screenshot(page, `hindi-${name}-1280.png`);
  expect(await axeViolations(page), `${name} at 1280 px`).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(200);
  await screenshot(page, `hindi-${name}-360.png`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: sideways scroll at 360`).toBe(360);
  expect(await axeViolations(page), `${name} at 360 px`).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(200);
}

describe('Kaksha in Hindi', () => {
  it('a visitor, a learner and an educator go through the main journeys in Hindi, with no English left', {
    timeout: 600_000,
  }, async () => {
    const visitor = await hindiPage();
    const teacher = await hindiPage();
    const learner = await hindiPage();
    onTestFailed(() => {
      for (const [name, w] of [
        ['visitor', visitor],
        ['educator', teacher],
        ['learner', learner],
      ] as const) {
        console.error(`[${name}] at ${w.page.url()}; browser errors:\n${w.errors.join('\n')}`);
      }
    });
    const published = await getJson<unknown[]>(visitor.page, '/api/course/getpublishedcoures');
    const reviews = await getJson<unknown[]>(visitor.page, '/api/review/allReview');
    const catalogue = contentOf(published, reviews);

    // The landing page arrives in Hindi from the server (the cookie), title and all; Devanagari in its font.
    const v = visitor.page;
    const html = await (await v.request.get('/')).text();
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('<title>Kaksha — अपने हुनर बढ़ाइए</title>');
    // Its Devanagari font is preloaded; the English page, whose only Devanagari is the language
    // switch's closed option, does not fetch it (120 KB on a slow phone line).
    const fontPreload = /<link rel="preload" href="\/assets\/noto-sans-devanagari-[^"]+\.woff2" as="font"/;
    expect(html).toMatch(fontPreload);
    const english = await (await fetch(`${baseUrl()}/`)).text();
    expect(english).toContain('<html lang="en">');
    expect(english).not.toMatch(fontPreload);
    await v.goto('/');
    await v.getByRole('heading', { level: 1, name: 'अपने हुनर बढ़ाइए, करियर में आगे बढ़िए' }).waitFor();
    expect(await v.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'कक्षा'))).toBe(true);
    await checkScreen(v, 'landing', catalogue);

    // Sign up, through the form.
    const suffix = randomBytes(3).toString('hex');
    const educatorEmail = `shikshak-${suffix}@example.com`;
    const t = teacher.page;
    await t.goto('/signup');
    await t.getByRole('heading', { name: 'चलिए, शुरू करते हैं' }).waitFor();
    await checkScreen(t, 'signup');
    await t.getByLabel('नाम').fill('मीरा अय्यर');
    await t.getByLabel('ईमेल').fill(educatorEmail);
    await t.getByLabel('पासवर्ड', { exact: true }).fill('Hindi-e2e-2026!');
    await t.getByText('शिक्षक', { exact: true }).click();
    await t.getByRole('button', { name: 'साइन अप' }).click();
    await toast(t, 'साइन अप हो गया');
    // The account takes the language it was made in, when the server keeps one.
    const me = await getJson<{ locale?: string }>(t, '/api/user/currentuser');
    if (me.locale !== undefined) expect(me.locale).toBe('hi');

    // The educator creates a course, then its lectures, in Hindi.
    await t.goto('/createcourses');
    await t.getByLabel('कोर्स का टाइटल').fill(`पायथन की शुरुआत ${suffix}`);
    await t.getByLabel('कैटेगरी').selectOption({ label: 'डेटा साइंस' });
    await checkScreen(t, 'create-course');
    await t.getByRole('button', { name: 'बनाएँ', exact: true }).click();
    await toast(t, 'कोर्स बन गया');
    await t.waitForURL(/\/addcourses\//);
    const courseId = t.url().split('/').pop() as string;
    const title = `पायथन की शुरुआत ${suffix}`;
    await t.getByLabel('सबटाइटल').fill('पहले दिन से कोड लिखना');
    await t.getByLabel('विवरण').fill('वेरिएबल, फ़ंक्शन और एक छोटा क्विज़।');
    await t.getByLabel('लेवल').selectOption({ label: 'शुरुआती' });
    await t.locator('select[name="language"]').selectOption('hi');
    await t.getByLabel('कीमत (INR)').fill('0');
    await checkScreen(t, 'edit-course', [title]);
    await t.getByRole('button', { name: 'सेव करें', exact: true }).click();
    await toast(t, 'कोर्स अपडेट हो गया');
    await t.goto(`/createlecture/${courseId}`);
    for (const lectureTitle of ['वेरिएबल क्या है', 'फ़ंक्शन']) {
      await t.getByLabel('लेक्चर का टाइटल').fill(lectureTitle);
      await t.getByRole('button', { name: 'लेक्चर बनाएँ', exact: true }).click();
      await toast(t, 'लेक्चर बन गया');
      await t.getByText(lectureTitle).first().waitFor();
    }
    await checkScreen(t, 'lectures', [title]);
    // The quiz and the thumbnail through the API (their screens are the editor's own tests).
    await post(t, `/api/quiz/create/${courseId}`, {
      title: 'बुनियादी जाँच',
      passPercent: 100,
      questions: [
        { prompt: 'पायथन में सूची किस चिह्न से बनती है?', kind: 'single', options: ['()', '[]', '{}'], correct: [1] },
      ],
    });
    const publish = await t.request.post(`/api/course/editcourse/${courseId}`, {
      headers: origin(),
      multipart: {
        isPublished: 'true',
        thumbnail: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: readFileSync(THUMBNAIL) },
      },
    });
    expect(publish.status(), await publish.text()).toBe(200);
    await t.goto('/dashboard');
    await t.getByRole('heading', { name: 'स्वागत है, मीरा अय्यर' }).waitFor();
    await checkScreen(t, 'dashboard', [title]);

    // A learner signs up, browses the catalogue and enrols in the new course.
    const l = learner.page;
    await post(l, '/api/auth/signup', {
      name: 'कबीर',
      email: `seekhne-wala-${suffix}@example.com`,
      password: 'Hindi-e2e-2026!',
      role: 'student',
    });
    await l.goto('/allcourses');
    await l.getByRole('heading', { level: 1, name: 'सभी कोर्स' }).waitFor();
    await l
      .getByText(/\d+ कोर्स/)
      .first()
      .waitFor();
    await checkScreen(l, 'catalogue', [...catalogue, title]);
    await l.goto(`/viewcourse/${courseId}`);
    await l.getByRole('heading', { level: 1, name: title }).waitFor();
    await checkScreen(l, 'course', [title]);
    await l.getByRole('button', { name: 'अभी दाखिला लें' }).click();
    await toast(l, 'अब आप इस मुफ़्त कोर्स में नामांकित हैं।');
    await l.getByRole('link', { name: 'अभी देखें' }).click();

    // Watch: each lecture marked complete.
    await l.waitForURL(`**/viewlecture/${courseId}`);
    const list = l.getByRole('complementary');
    for (const lectureTitle of ['वेरिएबल क्या है', 'फ़ंक्शन']) {
      await list.getByRole('button', { name: new RegExp(lectureTitle) }).click();
      await l.getByRole('heading', { level: 2, name: lectureTitle }).waitFor();
      await l.getByRole('button', { name: 'पूरा मार्क करें', exact: true }).click();
      await l.getByRole('button', { name: 'अधूरा मार्क करें', exact: true }).waitFor();
    }
    await l.getByText('2 में से 2 लेक्चर').waitFor();
    await checkScreen(l, 'lecture-viewer', [title]);

    // The quiz.
    await list.getByRole('button', { name: /बुनियादी जाँच/ }).click();
    const player = l.getByTestId('quiz-player');
    await player.getByRole('button', { name: 'क्विज़ शुरू करें' }).click();
    await player.getByText('सवाल 1 / 1').waitFor();
    await player.getByRole('radio', { name: '[]' }).check();
    await checkScreen(l, 'quiz-question', [title, '()', '[]', '{}']);
    await player.getByRole('button', { name: 'जवाब सबमिट करें' }).click();
    await player.getByRole('heading', { name: 'पास: आपका स्कोर 100% है' }).waitFor();
    await checkScreen(l, 'quiz-results', [title, '()', '[]', '{}']);

    // The certificate, dated in Hindi.
    await l.getByRole('button', { name: 'सर्टिफ़िकेट पाएँ' }).click();
    await toast(l, 'सर्टिफ़िकेट जारी हो गया');
    await l.getByRole('link', { name: 'सर्टिफ़िकेट देखें' }).click();
    await l.waitForURL(/\/certificate\/[0-9a-f-]{36}$/);
    await l.getByRole('heading', { level: 1, name: 'कबीर' }).waitFor();
    const month = new Intl.DateTimeFormat('hi-IN', { month: 'long' }).format(new Date());
    await l
      .getByText(new RegExp(`\\d+ ${month} \\d{4}`))
      .first()
      .waitFor();
    await checkScreen(l, 'certificate', [title]);
    await l.goto('/profile');
    await l.getByRole('heading', { name: 'मेरे सर्टिफ़िकेट' }).waitFor();
    await checkScreen(l, 'profile', [title]);

    // A paid course's checkout: price details, coupon, billing (states by their Hindi names).
    const paid = (published as { _id: string; price: number | null }[]).find((c) => (c.price ?? 0) > 0);
    expect(paid).toBeDefined();
    await l.goto(`/viewcourse/${paid?._id}`);
    await l.getByRole('heading', { name: 'कीमत का ब्योरा' }).waitFor();
    await l.getByLabel('राज्य').selectOption({ label: 'कर्नाटक' });
    const course = await getJson<{ creator: string }>(l, `/api/course/getcourse/${paid?._id}`);
    const creator = await post<unknown>(l, '/api/course/getcreator', { userId: course.creator });
    await checkScreen(l, 'checkout', contentOf(course, creator, reviews));

    // Switching back to English from the menu: the interface follows at once.
    await l.getByRole('combobox', { name: 'साइट की भाषा' }).first().selectOption('en');
    await l.getByRole('heading', { name: 'Price details' }).waitFor();
    expect(await l.evaluate(() => document.documentElement.lang)).toBe('en');

    for (const w of [visitor, teacher, learner]) expect(w.errors).toEqual([]);
  });

  it('gives a first visit from a Hindi browser its first page in Hindi, from the HTML on', async () => {
    // No cookie yet: the server goes by the browser's languages, and the app starts in the same one.
    const { page, context } = await newPage({ locale: 'hi-IN', javaScript: false });
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await page.getByRole('heading', { level: 1, name: 'अपने हुनर बढ़ाइए, करियर में आगे बढ़िए' }).waitFor();
    await context.close();
    const app = await newPage({ locale: 'hi-IN' });
    await app.page.goto('/');
    await app.page.getByRole('combobox', { name: 'साइट की भाषा' }).first().waitFor();
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(app.errors).toEqual([]);
    await app.context.close();
  });
});
