import type { CourseCard } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CourseCardAction } from '@/features/courses';
import { WishlistButton } from '@/features/wishlist';
import { testCard, testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import WishlistPage from './WishlistPage';

const card = (id: string, title: string) => testCard({ _id: id, title });

/** The page as app/Layout.tsx gives it: every linked card carries the heart. */
function renderPage(server: { saved: CourseCard[] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/wishlist') return json({ courses: server.saved });
      if (init.method === 'DELETE') {
        server.saved = server.saved.filter((c) => `/api/wishlist/${c._id}` !== path);
        return json({ courseId: path.split('/').pop(), wishlisted: false, message: 'Removed from your wishlist' });
      }
      return json({ message: 'Not found' }, 404);
    }),
  );
  renderWithProviders(
    <CourseCardAction.Provider value={(id) => <WishlistButton courseId={id} />}>
      <WishlistPage />
    </CourseCardAction.Provider>,
    { user: testUser({ name: 'Meera' }) },
  );
}

describe('My Wishlist', () => {
  it('lists the saved courses as cards, each with a pressed heart that takes it out of the list', async () => {
    const server = { saved: [card('c2', 'Newest saved'), card('c1', 'Saved first')] };
    renderPage(server);
    const newest = await screen.findByRole('heading', { name: 'Newest saved' });
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Newest saved', 'Saved first']);
    expect(within(items[0]).getByRole('link', { name: 'Newest saved' })).toHaveAttribute('href', '/viewcourse/c2');
    expect(newest).toBeInTheDocument();

    const heart = within(items[0]).getByRole('button', { name: 'Remove from wishlist' });
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(heart);
    await screen.findByText('Saved first');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Newest saved' })).toBeNull());
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so when nothing is saved, and points to the catalogue', async () => {
    renderPage({ saved: [] });
    expect(await screen.findByText('Your wishlist is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Courses' })).toHaveAttribute('href', '/allcourses');
  });
});
