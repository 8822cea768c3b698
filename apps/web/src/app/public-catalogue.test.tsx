import type { User } from '@kaksha/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CourseCard } from '@/features/courses';
import { testCourse } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { RequireUserUnlessPublicCatalogue } from './public-catalogue';
import ViewCoursePage from './routes/ViewCoursePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const student = { _id: 'u1', name: 'Asha', role: 'student', enrolledCourses: [] } as unknown as User;
const preview = {
  _id: 'l1',
  lectureTitle: 'Hello, Axum',
  videoUrl: '/media/lectures/l1/video',
  isPreviewFree: true,
} as unknown as ReturnType<typeof testCourse>['lectures'][number];
const course = testCourse({ isPublished: true, price: 499, creator: 'e1', lectures: [preview], lectureCount: 1 });

/** The server: its public settings say whether the catalogue is public; every request is noted. */
function serve(publicCatalogue: boolean) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      asked.push(path);
      if (path === '/api/config') return json({ publicCatalogue });
      if (path === '/api/course/getcourse/c1') return json(course);
      if (path === '/api/course/getcreator') return json({ _id: 'e1', name: 'Ravi', description: '', photoUrl: null });
      if (path === '/api/course/catalog') return json({ courses: [], nextCursor: null, total: 0 });
      return json({ message: 'Please log in' }, 401);
    }),
  );
  return asked;
}

const guarded = (user: User | null, at = '/allcourses?q=rust') =>
  renderWithProviders(
    <RequireUserUnlessPublicCatalogue>
      <h1>Catalogue</h1>
      <CourseCard course={{ ...course, creatorName: 'Ravi' }} />
    </RequireUserUnlessPublicCatalogue>,
    { path: '/allcourses', at, user, routes: [{ path: '/signup', element: <h1>Sign up</h1> }] },
  );

describe('the catalogue and course pages with PUBLIC_CATALOGUE', () => {
  it('are a visitor’s when the server says the catalogue is public; the cards’ hearts lead to sign-up and back', async () => {
    serve(true);
    guarded(null);
    await screen.findByRole('heading', { name: 'Catalogue' });
    const heart = screen.getByRole('link', { name: /wishlist.*sign up/i });
    expect(heart).toHaveAttribute('href', `/signup?next=${encodeURIComponent('/allcourses?q=rust')}`);
  });

  it('send a visitor to sign up (with the page in `next`) when it is not — the spec’s guard', async () => {
    serve(false);
    const { router } = guarded(null);
    await screen.findByRole('heading', { name: 'Sign up' });
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/allcourses?q=rust')}`);
  });

  it('ask nothing of a signed-in user’s settings, and keep their own hearts', async () => {
    const asked = serve(false);
    guarded(student);
    await screen.findByRole('heading', { name: 'Catalogue' });
    expect(asked).not.toContain('/api/config');
    expect(screen.queryByRole('link', { name: /sign up/i })).toBeNull();
  });

  it('a course page gives a visitor Enroll Now, the heart and the preview by way of sign-up, back to the course', async () => {
    const asked = serve(true);
    renderWithProviders(
      <RequireUserUnlessPublicCatalogue>
        <ViewCoursePage />
      </RequireUserUnlessPublicCatalogue>,
      { path: '/viewcourse/:courseId', at: '/viewcourse/c1', user: null },
    );
    const enroll = await screen.findByRole('link', { name: 'Enroll Now' });
    const back = `/signup?next=${encodeURIComponent('/viewcourse/c1')}`;
    expect(enroll).toHaveAttribute('href', back);
    expect(screen.getByRole('link', { name: /wishlist.*sign up/i })).toHaveAttribute('href', back);
    // The server lets only signed-in users watch a preview: no video that would answer 403.
    const previewBox = screen.getByRole('region', { name: /Preview: Hello, Axum/ });
    expect(within(previewBox).queryByLabelText(/Preview of/)).toBeNull();
    expect(within(previewBox).getByRole('link', { name: 'Sign up to watch' })).toHaveAttribute('href', back);
    // Nothing a visitor would be refused is asked for: no checkout, no wishlist.
    expect(asked.filter((path) => /wishlist|payment|billing/.test(path))).toEqual([]);
  });
});
