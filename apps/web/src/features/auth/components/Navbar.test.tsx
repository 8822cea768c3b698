import type { User } from '@kaksha/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { Navbar } from './Navbar';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

afterEach(cleanup);

const base: User = {
  _id: 'u1',
  name: 'asha verma',
  email: 'asha@example.com',
  role: 'student',
  description: '',
  photoUrl: null,
  enrolledCourses: [],
};

function renderNavbar(user: User | null) {
  const client = new QueryClient();
  client.setQueryData(queryKeys.currentUser, user);
  const router = createMemoryRouter([{ path: '*', element: <Navbar /> }]);
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('Navbar', { timeout: 20_000 }, () => {
  it('signed out: generic icon, Login button, no Dashboard; the menu still offers the links', async () => {
    renderNavbar(null);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav).queryByRole('button', { name: 'LogOut' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Kaksha home' })).toHaveAttribute('href', '/');
    await userEvent.click(within(nav).getByRole('button', { name: 'Account menu' }));
    expect(within(nav).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav).getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/enrolledcourses');
  });

  it('a student: uppercase initial, LogOut, no Dashboard', () => {
    renderNavbar(base);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const account = within(nav).getByRole('button', { name: 'Account menu for asha verma' });
    expect(account).toHaveTextContent('A');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('button', { name: 'LogOut' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('an educator with a photo: the photo and the Dashboard button', () => {
    renderNavbar({ ...base, role: 'educator', photoUrl: '/media/public/avatars/u1/x.webp' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav).getByRole('img', { name: 'asha verma' })).toHaveAttribute(
      'src',
      '/media/public/avatars/u1/x.webp',
    );
  });

  it('the dropdown toggles and closes on Escape', async () => {
    renderNavbar(base);
    const user = userEvent.setup();
    const account = screen.getByRole('button', { name: /Account menu/ });
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
  });
});
