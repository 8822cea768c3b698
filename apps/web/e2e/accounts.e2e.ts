import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, baseUrl, DEMO, newPage, screenshot, screenshotDir, signInAs } from './browser';
import { mailTo } from './mail';

const shot = (page: Page, name: string) => screenshot(page, `accounts-${name}.png`);

const newAccount = (role: 'student' | 'educator') => ({
  name: role === 'educator' ? 'Meera Educator' : 'aarav learner',
  email: `acc-${role}-${randomBytes(4).toString('hex')}@example.com`,
  password: 'Kaksha-e2e-2026',
  role,
});

const path_ = (page: Page) => new URL(page.url()).pathname;

/** Client-side redirects change the URL without a page load, so poll it. */
async function waitForPath(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(pathname);
}

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
}

async function signUpThroughForm(page: Page, who: ReturnType<typeof newAccount>) {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(who.name);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  if (who.role === 'educator') await page.getByText('Educator', { exact: true }).click();
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await toast(page, 'SignUp Successfully');
  await waitForPath(page, '/');
}

const dashboardButton = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' });

describe('accounts in the browser', () => {
  it('signs up a student: lands on /, initial avatar, no Dashboard, /signup now redirects to /', async () => {
    const { page, context, errors } = await newPage();
    await page.goto('/signup');
    await page.getByRole('heading', { name: "Let's get Started" }).waitFor();
    await expect(page.getByText('Create your account').isVisible()).resolves.toBe(true);
    // Student is chosen by default.
    await expect(page.getByRole('radio', { name: 'Student' }).isChecked()).resolves.toBe(true);
    await shot(page, 'signup-1280');
    const who = newAccount('student');
    await signUpThroughForm(page, who);
    const account = page.getByRole('button', { name: `Account menu for ${who.name}` });
    await account.waitFor();
    await expect(account.textContent()).resolves.toBe('A');
    await expect(dashboardButton(page).count()).resolves.toBe(0);
    await page.goto('/signup');
    await waitForPath(page, '/');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up an educator who gets the Dashboard button; a student does not', async () => {
    const { page, context } = await newPage();
    const who = newAccount('educator');
    await signUpThroughForm(page, who);
    await dashboardButton(page).waitFor();
    await dashboardButton(page).click();
    await waitForPath(page, '/dashboard');
    await context.close();

    const student = await newPage();
    await signInAs(student.page, DEMO.student);
    await student.page.goto('/');
    await student.page.getByRole('button', { name: /Account menu for/ }).waitFor();
    await expect(dashboardButton(student.page).count()).resolves.toBe(0);
    await student.context.close();
  });

  it('shows the server’s message for a duplicate email and a short password', async () => {
    const { page, context } = await newPage();
    await page.goto('/signup');
    await page.getByLabel('Name', { exact: true }).fill('Dup');
    await page.getByLabel('Email', { exact: true }).fill(DEMO.student.email);
    await page.getByLabel('Password', { exact: true }).fill('whatever-long');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await toast(page, 'An account with this email already exists');
    await page.getByLabel('Email', { exact: true }).fill(`short-${randomBytes(3).toString('hex')}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await toast(page, 'Password must be at least 8 characters');
    expect(path_(page)).toBe('/signup');
    await context.close();
  });

  it('logs out and logs in again through the forms, with the show/hide password toggle', async () => {
    const { page, context } = await newPage();
    const who = newAccount('student');
    await signUpThroughForm(page, who);
    await page.getByRole('button', { name: 'LogOut' }).click();
    await toast(page, 'LogOut Successfully');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    // Signed out: guarded pages send to /signup.
    await page.goto('/profile');
    await waitForPath(page, '/signup');

    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await expect(page.getByText('Login to your account').isVisible()).resolves.toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Invalid email or password');

    const password = page.getByLabel('Password', { exact: true });
    await password.fill(who.password);
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password.getAttribute('type')).resolves.toBe('password');
    await shot(page, 'login-1280');

    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Login Successfully');
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'LogOut' }).waitFor();
    await context.close();
  });

  it('shows no Google sign-in when the server has no Google client id', async () => {
    const { page, context } = await newPage();
    expect((await (await page.request.get('/api/config')).json()).googleClientId).toBeNull();
    for (const route of ['/login', '/signup']) {
      await page.goto(route);
      await page.getByRole('button', { name: route === '/login' ? 'Login' : 'Sign Up', exact: true }).waitFor();
      // The page has its settings by then (nothing is drawn while they load either).
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('button', { name: /Google/ }).count()).resolves.toBe(0);
      await expect(page.getByText('or', { exact: true }).count()).resolves.toBe(0);
    }
    // Google's script is not loaded when there is no client id.
    await expect(page.locator('script[src*="accounts.google.com"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('resets a forgotten password with the code from the email, then logs in with it', async () => {
    const { page, context, errors } = await newPage();
    const who = newAccount('student');
    const created = await page.request.post('/api/auth/signup', { data: who, headers: { origin: baseUrl() } });
    expect(created.status()).toBe(201);
    // Logout is accepted only from this site (its Origin), as a browser's own call says.
    const out = await page.request.get('/api/auth/logout', { headers: { origin: baseUrl() } });
    expect(out.status()).toBe(200);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forget your password?' }).click();
    await waitForPath(page, '/forgotpassword');
    await page.getByRole('heading', { name: 'Forgot Your Password?' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to Login' }).isVisible()).resolves.toBe(true);
    await shot(page, 'forgot-1-1280');
    await page.getByLabel('Email', { exact: true }).fill(who.email);
    const send = page.getByRole('button', { name: 'Send OTP' });
    await send.click();
    await page.getByRole('heading', { name: 'Enter OTP' }).waitFor();
    await expect(page.getByText('Please enter the 4-digit code sent to your email').isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Back to Login' }).isVisible()).resolves.toBe(true);

    const mail = await mailTo(who.email);
    expect(mail.subject).toBe('Kaksha password reset code');
    const code = mail.text.match(/code is: (\d{4})/)?.[1];
    expect(code).toMatch(/^\d{4}$/);
    expect(mail.html).toContain(code);

    await page.getByLabel('OTP', { exact: true }).fill(code === '0000' ? '1111' : '0000');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await toast(page, 'Invalid OTP. 4 attempts left.');
    await page.getByLabel('OTP', { exact: true }).fill(code!);
    await shot(page, 'forgot-2-1280');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await page.getByRole('heading', { name: 'Reset Your Password' }).waitFor();
    await expect(page.getByRole('link', { name: 'Back to Login' }).isVisible()).resolves.toBe(true);

    // Mismatch: a toast and no call.
    let resetCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/resetpassword')) resetCalls++;
    });
    await page.getByLabel('New Password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByLabel('Confirm Password', { exact: true }).fill('Brand-new-pass-2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'password does not match');
    expect(resetCalls).toBe(0);
    await shot(page, 'forgot-3-1280');

    await page.getByLabel('Confirm Password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await toast(page, 'Password reset successfully');
    await waitForPath(page, '/login');
    expect(resetCalls).toBe(1);

    await page.getByLabel('Email', { exact: true }).fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Login Successfully');
    await waitForPath(page, '/');
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  it('edits the profile with an avatar: preview before upload, saved photo shown on /profile', async () => {
    const { page, context } = await newPage();
    const who = newAccount('student');
    await signUpThroughForm(page, who);
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByRole('link', { name: 'Edit Profile' }).click();
    await waitForPath(page, '/editprofile');

    const email = page.getByLabel('Email', { exact: true });
    await expect(email.inputValue()).resolves.toBe(who.email);
    await expect(email.getAttribute('readonly')).resolves.not.toBeNull();
    const description = page.getByLabel('Description');
    await expect(description.getAttribute('placeholder')).resolves.toBe('Tell us about yourself');
    await expect(description.getAttribute('rows')).resolves.toBe('3');

    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#d97706' } })
      .png()
      .toBuffer();
    await page.getByLabel('Select Avatar').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: image });
    const preview = page.locator('form img').first();
    await preview.waitFor();
    await expect(preview.getAttribute('src')).resolves.toMatch(/^blob:/);

    await page.getByLabel('Full Name').fill('Aarav Sharma');
    await description.fill('I am learning data science.');
    await shot(page, 'editprofile-1280');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile Update Successfully');
    await waitForPath(page, '/');

    // The navigation shows the photo now.
    const navPhoto = page.getByRole('button', { name: 'Account menu for Aarav Sharma' }).locator('img');
    await navPhoto.waitFor();
    await expect(navPhoto.getAttribute('src')).resolves.toMatch(/^\/media\/public\/avatars\/.+\.webp$/);

    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Aarav Sharma' }).waitFor();
    await expect(page.getByText('I am learning data science.').isVisible()).resolves.toBe(true);
    await expect(page.locator('main').getByText(who.email).isVisible()).resolves.toBe(true);
    await expect(page.getByText('0 courses').isVisible()).resolves.toBe(true);
    const photo = page.locator('main img[alt="Aarav Sharma"]');
    const src = await photo.getAttribute('src');
    expect((await page.request.get(src!)).headers()['content-type']).toBe('image/webp');
    await shot(page, 'profile-1280');

    // A text file renamed to .png: the save fails with the spec's toast and the reason.
    await page.goto('/editprofile');
    await page
      .getByLabel('Select Avatar')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Profile Update Error');
    await page.getByRole('alert').filter({ hasText: 'Only image files' }).waitFor();
    await context.close();
  });

  // The route guards (spec §2): one small test per page, each waiting on what the page shows,
  // never on the network going quiet, so a slow machine only makes them slower.
  describe('route guards', () => {
    const signedInOnly = [
      '/profile',
      '/editprofile',
      '/allcourses',
      '/viewcourse/x',
      '/enrolledcourses',
      '/viewlecture/x',
      '/searchwithai',
    ];
    const educatorOnly = [
      '/dashboard',
      '/courses',
      '/createcourses',
      '/addcourses/x',
      '/createlecture/x',
      '/editlecture/x/y',
    ];

    /**
     * Opens `route` (a fresh load, or a reload of it) and checks the guards let it stay: a page
     * heading means they have decided, and a redirect would have changed the path by then.
     */
    async function staysOn(page: Page, route: string, how: 'goto' | 'reload' = 'goto') {
      await page.goto(route);
      if (how === 'reload') await page.reload();
      await page.locator('main h1').first().waitFor({ state: 'visible', timeout: 30_000 });
      expect(path_(page), route).toBe(route);
    }

    /** One browser context for a group of tests, opened (and signed in) once. */
    function sharedPage(who?: { email: string; password: string }, setUp?: (page: Page) => Promise<unknown>) {
      let opened: Awaited<ReturnType<typeof newPage>> | undefined;
      beforeAll(async () => {
        opened = await newPage();
        await setUp?.(opened.page);
        if (who) await signInAs(opened.page, who);
      });
      afterAll(() => opened?.context.close());
      return () => {
        if (!opened) throw new Error('the shared page is not open');
        return opened.page;
      };
    }

    describe('a visitor', () => {
      const page = sharedPage();
      it.each([...signedInOnly, ...educatorOnly])('on %s is sent to /signup', async (route) => {
        await page().goto(route);
        await waitForPath(page(), '/signup');
      });
      it.each(['/', '/login', '/forgotpassword', '/signup'])('stays on the public page %s', (route) =>
        staysOn(page(), route),
      );
    });

    describe('a student', () => {
      // Record the client-side redirects, to see both spec §2 steps: an educator page sends
      // a non-educator to /signup, and /signup sends anyone signed in on to /.
      const page = sharedPage(DEMO.student, (p) =>
        p.addInitScript(() => {
          const w = window as unknown as { __paths: string[] };
          w.__paths = [];
          for (const method of ['pushState', 'replaceState'] as const) {
            const original = history[method].bind(history);
            history[method] = (data: unknown, unused: string, url?: string | URL | null) => {
              if (url) w.__paths.push(new URL(url, location.href).pathname);
              original(data, unused, url);
            };
          }
        }),
      );
      it.each(educatorOnly)('on the educator page %s goes to /signup and on to /', async (route) => {
        await page().goto(route);
        await waitForPath(page(), '/');
        const paths = await page().evaluate(() => (window as unknown as { __paths: string[] }).__paths);
        // (A development build of React runs each redirect twice: compare the distinct steps.)
        expect(paths.filter((p, i) => p !== paths[i - 1])).toEqual(['/signup', '/']);
      });
      it('on /signup is sent to /', async () => {
        await page().goto('/signup');
        await waitForPath(page(), '/');
      });
      it.each(['/profile', '/editprofile', '/enrolledcourses'])('who reloads %s stays on it', (route) =>
        staysOn(page(), route, 'reload'),
      );
    });

    describe('an educator', () => {
      const page = sharedPage(DEMO.educator);
      it.each(['/dashboard', '/courses', '/createcourses', '/profile'])('who reloads %s stays on it', (route) =>
        staysOn(page(), route, 'reload'),
      );
    });
  });

  it('opens the account dropdown with the keyboard and closes it with Escape', async () => {
    const { page, context } = await newPage();
    await signInAs(page, DEMO.student);
    await page.goto('/');
    const button = page.getByRole('button', { name: /Account menu for/ });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'My Profile' }).waitFor();
    // The dropdown's own My Courses (the header links to it too).
    const dropdown = page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
    await expect(dropdown.getByRole('link', { name: 'My Courses' }).isVisible()).resolves.toBe(true);
    await shot(page, 'navbar-dropdown-1280');
    await page.keyboard.press('Escape');
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    // Tab goes from the avatar into the menu: My Profile, then My Courses.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await waitForPath(page, '/enrolledcourses');
    // Logged out: the generic icon still opens the same menu.
    await page.getByRole('button', { name: 'LogOut' }).click();
    await toast(page, 'LogOut Successfully');
    // Logging out of a signed-in-only page lands on home, not on /signup.
    await waitForPath(page, '/');
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await nav.getByRole('link', { name: 'My Profile' }).click();
    await waitForPath(page, '/signup');
    await context.close();
  });

  it('offers the same items in the mobile slide-in menu (360 px)', async () => {
    const { page, context } = await newPage({ phone: true });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await shot(page, 'login-360');
    await page.goto('/signup');
    await page.getByRole('heading', { name: "Let's get Started" }).waitFor();
    await shot(page, 'signup-360');
    await page.goto('/forgotpassword');
    await page.getByRole('heading', { name: 'Forgot Your Password?' }).waitFor();
    await shot(page, 'forgot-1-360');

    await signInAs(page, DEMO.educator);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'My Profile' }).waitFor();
    for (const name of ['My Courses', 'Dashboard']) {
      await expect(menu.getByRole('link', { name }).isVisible()).resolves.toBe(true);
    }
    await expect(menu.getByRole('button', { name: 'LogOut' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: path.join(screenshotDir, 'accounts-mobile-menu-360.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await waitForPath(page, '/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    // The menu slid away.
    await page.waitForFunction(() => {
      const menu = document.querySelector('[role="dialog"][aria-label="Menu"]');
      return !!menu && menu.getBoundingClientRect().left >= window.innerWidth - 1;
    });
    await shot(page, 'profile-360');
    await page.goto('/editprofile');
    await page.getByRole('heading', { name: 'Edit Profile' }).waitFor();
    await shot(page, 'editprofile-360');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'LogOut' }).click();
    await toast(page, 'LogOut Successfully');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Login' }).waitFor();
    await expect(menu.getByRole('link', { name: 'Dashboard' }).count()).resolves.toBe(0);
    await context.close();
  });

  it('signed in, every header links to All Courses, Search with AI and My Courses (1280 px, 360 px menu)', async () => {
    const { page, context, errors } = await newPage();
    await signInAs(page, DEMO.educator);
    await page.goto('/allcourses');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const links = [
      ['All Courses', '/allcourses'],
      ['Search with AI', '/searchwithai'],
      ['My Courses', '/enrolledcourses'],
      ['Dashboard', '/dashboard'],
    ];
    for (const [name, href] of links) {
      await expect(nav.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(href);
    }
    await expect(nav.getByRole('link', { name: 'All Courses' }).getAttribute('aria-current')).resolves.toBe('page');
    await nav.getByRole('link', { name: 'Search with AI' }).click();
    await waitForPath(page, '/searchwithai');
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(screenshotDir, 'accounts-header-1280.png') });

    const phone = await newPage({ phone: true });
    await phone.context.addCookies(await context.cookies());
    await phone.page.goto('/searchwithai');
    await phone.page.getByRole('button', { name: 'Open menu' }).click();
    const menu = phone.page.getByRole('dialog', { name: 'Menu' });
    for (const [name, href] of links) {
      await expect(menu.getByRole('link', { name, exact: true }).getAttribute('href')).resolves.toBe(href);
    }
    // Slid in, then checked and pictured.
    await phone.page.waitForFunction(() => {
      const drawer = document.querySelector('[role="dialog"][aria-label="Menu"]');
      return !!drawer && Math.abs(drawer.getBoundingClientRect().right - window.innerWidth) < 1;
    });
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.screenshot({ path: path.join(screenshotDir, 'accounts-header-menu-360.png') });
    await menu.getByRole('link', { name: 'All Courses' }).click();
    await waitForPath(phone.page, '/allcourses');
    expect([...errors, ...phone.errors]).toEqual([]);
    await phone.context.close();
    await context.close();
  });

  it('a guarded page sends a visitor to sign up, and logging in from there comes back to it', async () => {
    const { page, context } = await newPage();
    const [course] = await (await page.request.get('/api/course/getpublishedcoures?limit=1')).json();
    const target = `/viewcourse/${course._id}`;
    await page.goto(target);
    await page.getByRole('heading', { name: "Let's get Started" }).waitFor();
    expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent(target)}`);
    await page.locator('main').getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(new URL(page.url()).search).toBe(`?next=${encodeURIComponent(target)}`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.student.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.student.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, target);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await context.close();
  });

  it('shows the server’s messages beside the login fields, not only in a toast', async () => {
    const { page, context } = await newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await toast(page, 'Email is required');
    const email = page.getByLabel('Email', { exact: true });
    await expect(email.getAttribute('aria-invalid')).resolves.toBe('true');
    const described = await email.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${described}"]`).textContent()).resolves.toBe('Email is required');
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'login-field-error-1280');
    await context.close();
  });

  it('a signed-out visitor’s pages log no console errors (the current-user check answers null)', async () => {
    const { page, context, errors } = await newPage();
    for (const route of ['/', '/login', '/signup', '/forgotpassword']) {
      await page.goto(route);
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
