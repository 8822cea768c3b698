import type { User } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import SignupPage from './SignupPage';

function server(signup: (body: Record<string, string>) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url === '/api/config')
      return json({ googleClientId: null, paymentProvider: 'sandbox', paymentKeyId: 'k', currency: 'INR' });
    if (url === '/api/auth/signup') return signup(JSON.parse(String(init?.body)));
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
}

function renderSignup(at = '/signup') {
  return renderWithProviders(<SignupPage />, {
    path: '/signup',
    at,
    user: null,
    routes: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/allcourses', element: <h1>All courses</h1> },
    ],
  });
}

describe('/signup', () => {
  it('shows each field’s message beside it (name, email, password) as well as the toast', async () => {
    server(() =>
      json(
        {
          message: 'Name is required',
          id: 'validation',
          fields: {
            name: 'Name is required',
            email: 'Enter a valid email address',
            password: 'Password must be at least 8 characters',
          },
        },
        400,
      ),
    );
    renderSignup();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Name is required'));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    for (const label of ['Name', 'Email', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('signs up with the chosen role and goes to `next`; the link to /login keeps it', async () => {
    let sent: Record<string, string> = {};
    server((body) => {
      sent = body;
      return json(
        { _id: 'u2', name: body.name, email: body.email, role: body.role, enrolledCourses: [] } as unknown as User,
        201,
      );
    });
    const { router } = renderSignup(`/signup?next=${encodeURIComponent('/allcourses?category=AI%2FML')}`);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/allcourses?category=AI%2FML')}`,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Meera');
    await user.type(screen.getByLabelText('Email'), 'meera@example.com');
    await user.type(screen.getByLabelText('Password'), 'long-enough-password');
    await user.click(screen.getByRole('radio', { name: 'Educator' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'All courses' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/allcourses?category=AI%2FML');
    expect(sent).toEqual({
      name: 'Meera',
      email: 'meera@example.com',
      password: 'long-enough-password',
      role: 'educator',
    });
    expect(toast.success).toHaveBeenCalledWith('SignUp Successfully');
  });
});
