import type { Course } from '@kaksha/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import EnrolledCoursesPage from './EnrolledCoursesPage';

const course = (id: string, title: string, isPublished = true) =>
  ({
    _id: id,
    title,
    category: 'Web Development',
    level: 'Beginner',
    thumbnail: null,
    isPublished,
  }) as Course;

function renderPage(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://x').pathname;
    const answer = answers[path];
    return answer ? answer() : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  renderWithProviders(<EnrolledCoursesPage />);
  return fetchMock;
}

describe('My Enrolled Courses', () => {
  it('lists the enrolled courses from the server, unpublished ones included', async () => {
    renderPage({
      '/api/course/getenrolledcourses': () => json([course('c2', 'Newest'), course('c1', 'Unpublished since', false)]),
      '/api/progress': () => json([]),
    });
    expect(await screen.findByRole('heading', { name: 'Newest' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unpublished since' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Watch Now: Unpublished since' })).toHaveAttribute(
      'href',
      '/viewlecture/c1',
    );
  });

  it('says so when there are none', async () => {
    renderPage({ '/api/course/getenrolledcourses': () => json([]) });
    expect(await screen.findByText('You haven’t enrolled in any course yet.')).toBeInTheDocument();
  });

  it('shows an error with Retry (not an empty grid) when the list cannot be loaded', async () => {
    let fail = true;
    const fetchMock = renderPage({
      '/api/course/getenrolledcourses': () => (fail ? json({ message: 'Boom' }, 500) : json([course('c1', 'Back')])),
      '/api/progress': () => json([]),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your courses');
    expect(screen.queryByText('You haven’t enrolled in any course yet.')).toBeNull();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Back' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('getenrolledcourses'))).toHaveLength(2);
  });
});
