import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import LoginPage from './LoginPage';

const asha = testUser();

/** The server: no Google client id; login answers `login`. */
function server(login: () => Response) {
  const fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/config')
      return json({ googleClientId: null, paymentProvider: 'sandbox', paymentKeyId: 'k', currency: 'INR' });
    if (url === '/api/auth/login') return login();
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLogin(at = '/login') {
  return renderWithProviders(<LoginPage />, {
    path: '/login',
    at,
    user: null,
    routes: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/viewcourse/:courseId', element: <h1>Course page</h1> },
      { path: '/signup', element: <h1>Sign-up page</h1> },
    ],
  });
}

async function logIn(email = 'asha@example.com', password = 'secret-password') {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('/login', () => {
  it('shows the server’s field messages beside their inputs, linked and marked invalid; the toast stays', async () => {
    server(() =>
      json(
        {
          message: 'Email is required',
          id: 'validation',
          fields: { email: 'Email is required', password: 'Password is required' },
        },
        400,
      ),
    );
    renderLogin();
    await logIn('', '');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Email is required'));
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
    // The first field in error takes the focus, so its message is read out.
    expect(email).toHaveFocus();
  });

  it('a refusal without fields is a toast only (spec §8), no field marked', async () => {
    server(() => json({ message: 'Invalid email or password', id: 'unauthorized' }, 401));
    renderLogin();
    await logIn();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid email or password'));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('after a login goes back to `next`, the page a guard sent the user from', async () => {
    server(() => json(asha));
    const { router, client } = renderLogin(`/login?next=${encodeURIComponent('/viewcourse/c1?tab=reviews')}`);
    // The link to /signup keeps it.
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      `/signup?next=${encodeURIComponent('/viewcourse/c1?tab=reviews')}`,
    );
    await logIn();
    await screen.findByRole('heading', { name: 'Course page' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/viewcourse/c1?tab=reviews');
    expect(toast.success).toHaveBeenCalledWith('Login Successfully');
    expect(client.getQueryData(queryKeys.currentUser)).toEqual(asha);
  });

  it.each(['https://evil.example/phish', '//evil.example/phish', '/\\evil.example'])(
    'ignores a `next` of another site (%s): home instead',
    async (next) => {
      server(() => json(asha));
      const { router } = renderLogin(`/login?next=${encodeURIComponent(next)}`);
      expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
      await logIn();
      await screen.findByRole('heading', { name: 'Home' });
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('offers no Google sign-in when the server has none', async () => {
    const fetchMock = server(() => json(asha));
    const { client } = renderLogin();
    await waitFor(() => expect(client.getQueryState(queryKeys.config)?.status).toBe('success'));
    expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.anything());
    expect(screen.queryByRole('button', { name: /Google/ })).toBeNull();
    expect(screen.queryByText('or')).toBeNull();
  });
});
