import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, DEMO, newPage, screenshot, signInAs } from './browser';

/**
 * Every route of spec §2, for the role that may see it, at 360, 768, 1024 and 1440 px wide:
 * no serious or critical axe violations, no console errors or failed requests, no
 * horizontal scrolling, no control smaller than 24 px; a screenshot of each is kept in test-results/screenshots.
 */
interface Route {
  name: string;
  path: string;
  as?: 'student' | 'educator';
}

type CourseIds = { _id: string; lectures: { _id: string }[] };

async function demoCourses() {
  const published = (await (await fetch(`${baseUrl()}/api/course/getpublishedcoures`)).json()) as CourseIds[];
  const login = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.educator),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const own = (await (
    await fetch(`${baseUrl()}/api/course/getcreatorcourses`, { headers: { cookie } })
  ).json()) as CourseIds[];
  return { course: published[0], own: own.find((c) => c.lectures.length > 0) ?? own[0] };
}

async function check(page: Page, route: Route, width: number, errors: string[]) {
  const failed: string[] = [];
  page.on('requestfailed', (r) => {
    // Media requests the page itself cancels (a video seeking, an image replaced) are not failures.
    if (!/net::ERR_ABORTED/.test(r.failure()?.errorText ?? '')) failed.push(`${r.url()} ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) failed.push(`${r.url()} ${r.status()}`);
  });
  await page.goto(route.path);
  await page.waitForLoadState('networkidle');
  const violations = await axeViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  // WCAG 2.5.8: a control under 24 px is hard to tap. (axe does not measure text inputs.)
  const squeezed = await page.evaluate(() =>
    [...document.querySelectorAll('button, select, textarea, input:not([type=hidden], [type=checkbox], [type=radio])')]
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      // Screen-reader-only controls are 1 px on purpose.
      .filter(({ box }) => box.width > 1 && box.height > 1 && (box.width < 24 || box.height < 24))
      .map(({ el, box }) => {
        const name = el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.textContent || el.id;
        return `${el.tagName.toLowerCase()} "${name.trim().slice(0, 40)}" is ${Math.round(box.width)}×${Math.round(box.height)} px`;
      }),
  );
  await screenshot(page, `${route.name}-${width}.png`);
  const problems = [
    ...violations.map((v: string) => `axe ${v}`),
    ...errors.map((e) => `console ${e}`),
    ...failed.map((f) => `request ${f}`),
    ...(overflow > 1 ? [`scrolls sideways by ${overflow}px`] : []),
    ...squeezed.map((c) => `too small to tap: ${c}`),
  ];
  return problems.map((p) => `${route.path} (${width} px): ${p}`);
}

describe('every route: accessibility, console, layout', () => {
  let routes: Route[] = [];
  beforeAll(async () => {
    // A published course for learner screens; the demo educator's own course for the editor screens.
    const { course, own } = await demoCourses();
    routes = [
      { name: 'home', path: '/' },
      { name: 'login', path: '/login' },
      { name: 'signup', path: '/signup' },
      { name: 'forgotpassword', path: '/forgotpassword' },
      { name: 'not-found', path: '/no/such/page' },
      { name: 'profile', path: '/profile', as: 'student' },
      { name: 'editprofile', path: '/editprofile', as: 'student' },
      { name: 'allcourses', path: '/allcourses', as: 'student' },
      { name: 'viewcourse', path: `/viewcourse/${course._id}`, as: 'student' },
      { name: 'enrolledcourses', path: '/enrolledcourses', as: 'student' },
      { name: 'viewlecture', path: `/viewlecture/${course._id}`, as: 'student' },
      { name: 'searchwithai', path: '/searchwithai', as: 'student' },
      { name: 'purchases', path: '/purchases', as: 'student' },
      { name: 'dashboard', path: '/dashboard', as: 'educator' },
      { name: 'courses', path: '/courses', as: 'educator' },
      { name: 'createcourses', path: '/createcourses', as: 'educator' },
      { name: 'addcourses', path: `/addcourses/${own._id}`, as: 'educator' },
      { name: 'createlecture', path: `/createlecture/${own._id}`, as: 'educator' },
      { name: 'editlecture', path: `/editlecture/${own._id}/${own.lectures[0]?._id}`, as: 'educator' },
      { name: 'coupons', path: '/educator/coupons', as: 'educator' },
      { name: 'questions', path: '/educator/questions', as: 'educator' },
    ];
  });

  // The phone and the desktop always; the tablet widths too with E2E_ALL_WIDTHS=1 (before a
  // release or a layout change): every width costs about 70 s and CI's time is bounded.
  const widths = process.env.E2E_ALL_WIDTHS ? [360, 768, 1024, 1440] : [360, 1440];
  for (const width of widths) {
    it(`passes at ${width} px wide`, { timeout: 300_000 }, async () => {
      const problems: string[] = [];
      for (const route of routes) {
        const { page, context, errors } = await newPage({ width });
        if (route.as) await signInAs(page, route.as === 'student' ? DEMO.student : DEMO.educator);
        problems.push(...(await check(page, route, width, errors)));
        await context.close();
      }
      expect(problems).toEqual([]);
    });
  }
});
