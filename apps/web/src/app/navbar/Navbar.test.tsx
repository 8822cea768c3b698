import type { User } from '@kaksha/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { Navbar } from './Navbar';

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

function renderNavbar(user: User | null | undefined, at = '/') {
  renderWithProviders(
    <>
      <Navbar />
      <main>
        <a href="/elsewhere">A link on the page</a>
      </main>
      <div className="Toastify" />
    </>,
    { user, at },
  );
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const hrefs = (links: HTMLElement[]) => links.map((a) => `${a.textContent} ${a.getAttribute('href')}`);

describe('Navbar', () => {
  it('signed out: generic icon, Login button, no Dashboard; the menu still offers the links', async () => {
    renderNavbar(null);
    expect(within(nav()).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(nav()).queryByRole('button', { name: 'LogOut' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(within(nav()).queryByRole('link', { name: 'All Courses' })).toBeNull();
    expect(within(nav()).getByRole('link', { name: 'Kaksha home' })).toHaveAttribute('href', '/');
    await userEvent.click(within(nav()).getByRole('button', { name: 'Account menu' }));
    expect(within(nav()).getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(within(nav()).getByRole('link', { name: 'My Courses' })).toHaveAttribute('href', '/enrolledcourses');
  });

  it('a student: uppercase initial, LogOut, no Dashboard', () => {
    renderNavbar(base);
    const account = within(nav()).getByRole('button', { name: 'Account menu for asha verma' });
    expect(account).toHaveTextContent('A');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).getByRole('button', { name: 'LogOut' })).toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('signed in: the header links to All Courses, Search with AI and My Courses, the current one marked', () => {
    renderNavbar(base, '/searchwithai');
    const links = within(nav())
      .getAllByRole('link')
      .filter((a) => a.closest('ul'));
    expect(hrefs(links)).toEqual([
      'All Courses /allcourses',
      'Search with AI /searchwithai',
      'My Courses /enrolledcourses',
    ]);
    expect(within(nav()).getByRole('link', { name: 'Search with AI' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav()).getByRole('link', { name: 'All Courses' })).not.toHaveAttribute('aria-current');
  });

  it('an educator with a photo: the photo and the Dashboard button', () => {
    renderNavbar({ ...base, role: 'educator', photoUrl: '/media/public/avatars/u1/x.webp' });
    expect(within(nav()).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(nav()).getByRole('img', { name: 'asha verma' })).toHaveAttribute(
      'src',
      '/media/public/avatars/u1/x.webp',
    );
  });

  it('the dropdown keeps My Profile, My Courses, My Wishlist and My Purchases, toggles and closes on Escape', async () => {
    renderNavbar(base);
    const user = userEvent.setup();
    const account = screen.getByRole('button', { name: /Account menu/ });
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(account.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(hrefs(within(menu).getAllByRole('link'))).toEqual([
      'My Profile /profile',
      'My Courses /enrolledcourses',
      'My Wishlist /wishlist',
      'My Purchases /purchases',
    ]);
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
  });

  it('an educator’s dropdown adds Coupons and Earnings', async () => {
    renderNavbar({ ...base, role: 'educator' });
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(within(nav()).getByRole('link', { name: 'Coupons' })).toHaveAttribute('href', '/educator/coupons');
    expect(within(nav()).getByRole('link', { name: 'Earnings' })).toHaveAttribute('href', '/educator/earnings');
    expect(within(nav()).queryByRole('link', { name: 'Operator console' })).toBeNull();
  });

  it('an admin’s dropdown and phone menu add the operator console, and no educator pages', async () => {
    renderNavbar({ ...base, role: 'admin' });
    await userEvent.click(screen.getByRole('button', { name: /Account menu/ }));
    expect(within(nav()).getByRole('link', { name: 'Operator console' })).toHaveAttribute('href', '/admin');
    expect(within(nav()).queryByRole('link', { name: 'Earnings' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(hrefs(within(drawer).getAllByRole('link')).at(-1)).toBe('Operator console /admin');
    expect(within(drawer).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('the phone menu of an educator offers the header links, the account links, Dashboard, Questions, Coupons and Earnings, once each', async () => {
    renderNavbar({ ...base, role: 'educator' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(hrefs(within(drawer).getAllByRole('link'))).toEqual([
      'All Courses /allcourses',
      'Search with AI /searchwithai',
      'My Courses /enrolledcourses',
      'My Profile /profile',
      'My Wishlist /wishlist',
      'My Purchases /purchases',
      'Dashboard /dashboard',
      'Questions /educator/questions',
      'Coupons /educator/coupons',
      'Earnings /educator/earnings',
    ]);
  });

  it('the phone drawer: the rest of the page inert (not the toasts), no scroll, Tab stays in it; Escape closes', async () => {
    renderNavbar(base);
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    const drawer = screen.getByRole('dialog', { name: 'Menu', hidden: true });
    expect(toggle).toHaveAttribute('aria-controls', drawer.id);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('main')).toHaveAttribute('inert');
    expect(document.querySelector('header')).toHaveAttribute('inert');
    expect(document.querySelector('.Toastify')).not.toHaveAttribute('inert');
    expect(drawer).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    // Shift+Tab from the first control goes round to the last (LogOut), and Tab back to the first.
    await user.tab({ shift: true });
    expect(within(drawer).getByRole('button', { name: 'LogOut' })).toHaveFocus();
    await user.tab();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('main')).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('');
    expect(toggle).toHaveFocus();
  });

  it('LogOut: drops what is still loading for the user before the sign-out goes out, then says so', async () => {
    const calls: { url: string; aborted: () => boolean }[] = [];
    let answerLogout: (r: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = String(input);
      calls.push({ url, aborted: () => init?.signal?.aborted ?? false });
      if (url.endsWith('/api/auth/logout')) return new Promise((resolve) => (answerLogout = resolve));
      return new Promise(() => {}); // the user's data: still on its way
    });
    const { client, router } = renderWithProviders(<Navbar />, { user: base, at: '/enrolledcourses' });
    // As most of the app's queries ask: without the query's own signal.
    client.fetchQuery({ queryKey: ['wishlist'], queryFn: () => api.get('/api/wishlist') }).catch(() => {});
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/wishlist'));
    await userEvent.click(within(nav()).getByRole('button', { name: 'LogOut' }));
    await vi.waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/auth/logout'));
    // The wishlist (and the bell's count, polled here: jsdom has no EventSource) dropped; the sign-out sent last.
    expect(calls.map((c) => [c.url, c.aborted()])).toEqual([
      ...calls.slice(0, -1).map((c) => [c.url, true]),
      ['/api/auth/logout', false],
    ]);
    expect(calls.map((c) => c.url)).toContain('/api/wishlist');
    expect(router.state.location.pathname).toBe('/');
    expect(within(nav()).getByRole('link', { name: 'Login' })).toBeInTheDocument();
    answerLogout(new Response(JSON.stringify({ message: 'LogOut Successfully' })));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('LogOut Successfully'));
    vi.restoreAllMocks();
  });

  it('LogOut that fails: only logged, and the user is back', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderNavbar(base);
    await userEvent.click(within(nav()).getByRole('button', { name: 'LogOut' }));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('logout failed', expect.anything()));
    expect(within(nav()).getByRole('button', { name: 'LogOut' })).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('while the user loads: neither Login nor LogOut, a placeholder instead', () => {
    renderNavbar(undefined);
    expect(within(nav()).queryByRole('link', { name: 'Login' })).toBeNull();
    expect(within(nav()).queryByRole('button', { name: 'LogOut' })).toBeNull();
  });
});
