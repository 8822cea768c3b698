import type { User } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testCard, testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { WishlistButton } from './WishlistButton';

const learner = testUser({ name: 'Meera Iyer', email: 'meera@example.com' });
const card = (id: string) => testCard({ _id: id, title: `Course ${id}` });

/** The server's wishlist, and what it answers to a change (a status other than 200 refuses it). */
let saved: string[];
let refuse: { status: number; message: string } | null;
let calls: string[];
/** While set, changes wait on it (to see the heart while the server is asked). */
let gate: Promise<void> | undefined;

beforeEach(() => {
  saved = [];
  refuse = null;
  calls = [];
  gate = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = String(url);
      const method = init.method ?? 'GET';
      calls.push(`${method} ${path}`);
      if (path === '/api/wishlist' && method === 'GET') return json({ courses: saved.map(card) });
      const id = path.replace('/api/wishlist/', '');
      await gate;
      if (refuse) return json({ message: refuse.message }, refuse.status);
      if (method === 'POST') {
        saved = [id, ...saved.filter((s) => s !== id)];
        return json({ courseId: id, wishlisted: true, message: 'Added to your wishlist' });
      }
      saved = saved.filter((s) => s !== id);
      return json({ courseId: id, wishlisted: false, message: 'Removed from your wishlist' });
    }),
  );
});

afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

function renderHeart(user: User | null = learner) {
  renderWithProviders(<WishlistButton courseId="c1" />, { user });
}

/** The first render of a file is cold (transforms, JIT): on a busy machine it takes over the default second. */
const LOADED = { timeout: 5000 };

const heart = () => screen.getByRole('button', { name: /wishlist/ });

describe('WishlistButton', () => {
  it('adds the course: pressed, labelled "Remove from wishlist", and says so in a toast', async () => {
    renderHeart();
    await waitFor(() => expect(heart()).toBeEnabled(), LOADED);
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(heart()).toHaveAccessibleName('Add to wishlist');

    await userEvent.click(heart());
    await waitFor(() => expect(toast.success.mock.calls.map((c) => c[0])).toContain('Added to your wishlist'), LOADED);
    expect(calls).toContain('POST /api/wishlist/c1');
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(heart()).toHaveAccessibleName('Remove from wishlist');
  });

  it('removes a saved course, and turns at once while the server is asked', async () => {
    saved = ['c1'];
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    renderHeart();
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'true'), LOADED);
    expect(heart()).toHaveAccessibleName('Remove from wishlist');

    await userEvent.click(heart());
    // Not answered yet: the heart already shows the wish, and a second click changes nothing.
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart());
    open();
    await waitFor(
      () => expect(toast.success.mock.calls.map((c) => c[0])).toContain('Removed from your wishlist'),
      LOADED,
    );
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual(['DELETE /api/wishlist/c1']);
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(heart()).toHaveAccessibleName('Add to wishlist');
  });

  it("turns back and shows the server's message when the change is refused", async () => {
    refuse = { status: 404, message: 'Course not found' };
    renderHeart();
    await waitFor(() => expect(heart()).toBeEnabled(), LOADED);
    await userEvent.click(heart());
    await waitFor(() => expect(toast.error.mock.calls.map((c) => c[0])).toContain('Course not found'), LOADED);
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('is not there for a visitor who is not signed in, and asks nothing', () => {
    renderHeart(null);
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('links a visitor of a public catalogue to where it is told (sign-up, back here after), asking nothing', () => {
    renderWithProviders(<WishlistButton courseId="c1" visitorTo="/signup?next=%2Fviewcourse%2Fc1" />, { user: null });
    const link = screen.getByRole('link', { name: /wishlist.*sign up/i });
    expect(link).toHaveAttribute('href', '/signup?next=%2Fviewcourse%2Fc1');
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
