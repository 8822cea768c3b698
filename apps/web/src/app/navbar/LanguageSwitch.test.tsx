import type { User } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { LocaleSync } from '../LocaleSync';
import { Navbar } from './Navbar';

const asha: User = {
  _id: 'u1',
  name: 'Asha Verma',
  email: 'asha@example.com',
  role: 'educator',
  description: '',
  photoUrl: null,
  enrolledCourses: [],
};

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the language the switch remembered.
  document.cookie = 'locale=; path=/; max-age=0';
});

const nav = () => screen.getByRole('navigation', { name: /Main|मुख्य/ });

describe('the language switch', () => {
  it('draws the interface in Hindi, remembers it in the cookie and <html lang>, and keeps it with the account', async () => {
    const fetchMock = vi.fn().mockResolvedValue(json({ ...asha, locale: 'hi' }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Navbar />, { user: asha, at: '/allcourses' });
    const select = within(nav()).getByRole('combobox', { name: 'Site language' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'हिन्दी']);
    await userEvent.selectOptions(select, 'hi');

    expect(await within(nav()).findByRole('link', { name: 'सभी कोर्स' })).toHaveAttribute('href', '/allcourses');
    expect(within(nav()).getByRole('link', { name: 'डैशबोर्ड' })).toBeInTheDocument();
    expect(within(nav()).getByRole('button', { name: 'लॉग आउट' })).toBeInTheDocument();
    expect(within(nav()).getByRole('combobox', { name: 'साइट की भाषा' })).toHaveValue('hi');
    expect(document.cookie).toContain('locale=hi');
    expect(document.documentElement.lang).toBe('hi');
    // The bell asks for its count too; the language goes in a request of its own.
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/user/locale') ?? [];
    expect(init).toMatchObject({ method: 'PUT', body: JSON.stringify({ locale: 'hi' }) });
  });

  // Retried: rarely (twice in ~45 full runs of the web tests: a CI run and once here), this test, in a
  // worker shared with other files, waits 10 s and the interface is still English; it never
  // failed alone or with one worker, and the cause is not found yet (docs/conventions.md, "Known flakes").
  // A switch that does not work fails every try.
  it('a visitor’s choice stays in the browser: nothing is sent', { retry: 2 }, async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<Navbar />, { user: null });
    await userEvent.selectOptions(within(nav()).getByRole('combobox', { name: 'Site language' }), 'hi');
    expect(await within(nav()).findByRole('link', { name: 'लॉग इन' })).toHaveAttribute('href', '/login');
    expect(document.cookie).toContain('locale=hi');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('from the phone menu, which the new language closes, focus goes to the menu’s button', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ ...asha, locale: 'hi' })));
    renderWithProviders(<Navbar />, { user: asha, at: '/allcourses' });
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = screen.getByRole('dialog', { name: 'Menu' });
    const select = within(menu).getByRole('combobox', { name: 'Site language' });
    select.focus();
    await userEvent.selectOptions(select, 'hi');
    const opener = await screen.findByRole('button', { name: 'मेन्यू खोलें' });
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(opener).toHaveAttribute('aria-expanded', 'false');
  });

  it('on wide screens focus stays on the switch, drawn in the new language', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ ...asha, locale: 'hi' })));
    renderWithProviders(<Navbar />, { user: asha, at: '/allcourses' });
    await userEvent.selectOptions(within(nav()).getByRole('combobox', { name: 'Site language' }), 'hi');
    const redrawn = await within(nav()).findByRole('combobox', { name: 'साइट की भाषा' });
    await waitFor(() => expect(document.activeElement).toBe(redrawn));
  });

  it('follows the language kept with the account once the user is known', async () => {
    renderWithProviders(
      <>
        <LocaleSync />
        <Navbar />
      </>,
      { user: { ...asha, locale: 'hi' } as User },
    );
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'सभी कोर्स' })).toBeInTheDocument());
    expect(document.documentElement.lang).toBe('hi');
  });
});
