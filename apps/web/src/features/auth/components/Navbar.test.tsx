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

function renderNavbar(user: User | null | undefined) {
  const client = new QueryClient();
  if (user !== undefined) client.setQueryData(queryKeys.currentUser, user);
  const router = createMemoryRouter([
    {
      path: '*',
      element: (
        <>
          <Navbar />
          <main>
            <a href="/elsewhere">A link on the page</a>
          </main>
        </>
      ),
    },
  ]);
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

  it('the phone drawer: the rest of the page inert, no scroll; Escape closes and focus returns', async () => {
    renderNavbar(base);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const drawer = screen.getByRole('dialog', { name: 'Menu', hidden: true });
    expect(toggle).toHaveAttribute('aria-controls', drawer.id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('main')).toHaveAttribute('inert');
    expect(document.querySelector('header')).toHaveAttribute('inert');
    expect(drawer).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');
    expect(drawer).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('main')).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('');
    expect(toggle).toHaveFocus();
  });

  it('while the user loads: neither Login nor LogOut, a placeholder instead', () => {
    renderNavbar(undefined);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(nav).queryByRole('button', { name: 'LogOut' })).toBeNull();
  });
});
