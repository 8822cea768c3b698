import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { Layout, titleFor } from './Layout';
import { isChunkLoadError } from './RouteError';

describe('Layout', () => {
  it('titles every route "… · Kaksha"', () => {
    expect(titleFor('/')).toBe('Kaksha');
    expect(titleFor('/allcourses')).toBe('All Courses · Kaksha');
    expect(titleFor('/editlecture/a/b')).toBe('Edit Lecture · Kaksha');
    expect(titleFor('/no/such/page')).toBe('Page not found · Kaksha');
  });

  it('after a route change, sets the title, scrolls to the top and moves focus to <main>; not on the first page', async () => {
    const scrollTo = vi.fn();
    window.scrollTo = scrollTo;
    const client = new QueryClient();
    client.setQueryData(queryKeys.currentUser, null);
    const router = createMemoryRouter([
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Link to="/allcourses">Go</Link> },
          { path: '/allcourses', element: <p>Catalogue</p> },
        ],
      },
    ]);
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(document.title).toBe('Kaksha');
    expect(screen.getByRole('main')).not.toHaveFocus();
    // The page the browser loaded stays where the learner (or the browser's scroll restoration) put it.
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/allcourses'));
    await screen.findByText('Catalogue');
    expect(document.title).toBe('All Courses · Kaksha');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  });

  it('recognises a page chunk that failed to download (after a redeploy)', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
