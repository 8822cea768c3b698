import type { User } from '@kaksha/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadSignupPage } from '@/features/auth';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { RequireAdmin, RequireEducator, RequireGuest, RequireUser } from './guards';

let SignupPage: Awaited<ReturnType<typeof loadSignupPage>>['default'];
beforeAll(async () => {
  SignupPage = (await loadSignupPage()).default;
});

const student = testUser();

/** The app's guards around stand-in pages, and the real sign-up page behind RequireGuest. */
function renderApp(at: string, user: User | null) {
  return renderWithProviders(<h1>Home</h1>, {
    path: '/',
    at,
    user,
    routes: [
      { path: '/signup', element: <RequireGuest>{<SignupPage />}</RequireGuest> },
      { path: '/viewcourse/:courseId', element: <RequireUser>{<h1>Course page</h1>}</RequireUser> },
      { path: '/dashboard', element: <RequireEducator>{<h1>Dashboard</h1>}</RequireEducator> },
      { path: '/admin', element: <RequireAdmin>{<h1>Operator console</h1>}</RequireAdmin> },
    ],
  });
}

const where = (router: ReturnType<typeof renderApp>['router']) =>
  router.state.location.pathname + router.state.location.search;

describe('guards', () => {
  it('send a visitor to /signup with the page in `next`, and signing up comes back to it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/auth/signup'
          ? json(student, 201)
          : json({ googleClientId: null, paymentProvider: 'sandbox', paymentKeyId: 'k', currency: 'INR' }),
      ),
    );
    const { router } = renderApp('/viewcourse/c1?preview=1', null);
    await screen.findByRole('heading', { name: "Let's get Started" });
    expect(where(router)).toBe(`/signup?next=${encodeURIComponent('/viewcourse/c1?preview=1')}`);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'a@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'Course page' });
    expect(where(router)).toBe('/viewcourse/c1?preview=1');
  });

  it('an educator page: a visitor keeps `next`; a signed-in learner goes to /signup and on home', async () => {
    const visitor = renderApp('/dashboard', null);
    await screen.findByRole('heading', { name: "Let's get Started" });
    expect(where(visitor.router)).toBe('/signup?next=%2Fdashboard');
    cleanup();

    const learner = renderApp('/dashboard', student);
    await screen.findByRole('heading', { name: 'Home' });
    expect(where(learner.router)).toBe('/');
  });

  it('the operator console: an admin sees it; a learner or an educator the page that does not exist; a visitor signs up', async () => {
    renderApp('/admin', { ...student, role: 'admin' });
    expect(await screen.findByRole('heading', { name: 'Operator console' })).toBeInTheDocument();
    cleanup();
    for (const role of ['student', 'educator'] as const) {
      const other = renderApp('/admin', { ...student, role });
      await screen.findByText('404');
      expect(screen.queryByRole('heading', { name: 'Operator console' })).toBeNull();
      expect(where(other.router)).toBe('/admin');
      cleanup();
    }
    const visitor = renderApp('/admin', null);
    await screen.findByRole('heading', { name: "Let's get Started" });
    expect(where(visitor.router)).toBe('/signup?next=%2Fadmin');
  });

  it('a signed-in user on /signup goes on to a same-site `next`, never to another site', async () => {
    const same = renderApp(`/signup?next=${encodeURIComponent('/viewcourse/c2')}`, student);
    await screen.findByRole('heading', { name: 'Course page' });
    expect(where(same.router)).toBe('/viewcourse/c2');
    cleanup();

    const foreign = renderApp(`/signup?next=${encodeURIComponent('//evil.example')}`, student);
    await screen.findByRole('heading', { name: 'Home' });
    expect(where(foreign.router)).toBe('/');
  });
});
