// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { queryKeys } from './lib/query-keys';
import { renderPage, type ServerFetch } from './prerender';
import { testCourse } from './test/fixtures';

/** The server's answers to the renderer, as one user: a path → JSON table; anything else 404s. */
const serverAs =
  (answers: Record<string, unknown>, asked: string[] = []): ServerFetch =>
  async (path) => {
    asked.push(path);
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    return path in answers
      ? new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ message: 'Course not found' }), { status: 404 });
  };
const learner = (name: string) => ({ _id: `u-${name}`, name, email: `${name}@example.com`, role: 'student' });
const catalog = (total: number) => ({ courses: [], nextCursor: null, total });

/** The server's web module (apps/server/src/modules/web) relies on this: a page rendered with its data, or null. */
describe('a page rendered by the server', () => {
  it('renders the catalogue with the user’s answers and hands back the data it rendered with', async () => {
    const asked: string[] = [];
    const page = await renderPage(
      '/allcourses',
      serverAs({ '/api/user/currentuser': learner('Asha'), '/api/course/catalog': catalog(7) }, asked),
    );
    expect(asked).toEqual(['/api/user/currentuser', '/api/course/catalog']);
    expect(page?.html).toContain('All Courses');
    expect(page?.html).toContain('7 courses');
    const keys = page?.data.queries.map((query) => query.queryKey);
    expect(keys).toContainEqual(queryKeys.currentUser);
    expect(keys).toContainEqual([...queryKeys.publishedCourses, 'catalog', '']); // no filters: an empty query string
  });

  it('keeps each request’s answers apart when several are rendered at once', async () => {
    const pages = await Promise.all(
      [3, 5, 8, 13].map((total) =>
        renderPage(
          '/allcourses',
          serverAs({ '/api/user/currentuser': learner(`u${total}`), '/api/course/catalog': catalog(total) }),
        ),
      ),
    );
    pages.forEach((page, i) => {
      const total = [3, 5, 8, 13][i];
      expect(page?.html).toContain(`${total} courses`);
      expect(JSON.stringify(page?.data)).toContain(`"name":"u${total}"`);
    });
  });

  it('renders nothing for a visitor, a failed answer or a page it does not render', async () => {
    const visitor = serverAs({ '/api/user/currentuser': null, '/api/course/catalog': catalog(1) });
    expect(await renderPage('/allcourses', visitor)).toBeNull();
    // The course is not there (404): the app renders its own error state.
    expect(await renderPage('/viewcourse/c-404', serverAs({ '/api/user/currentuser': learner('Asha') }))).toBeNull();
    const asked: string[] = [];
    expect(await renderPage('/profile', serverAs({ '/api/user/currentuser': learner('Asha') }, asked))).toBeNull();
    expect(asked).toEqual([]);
  });

  it('renders the catalogue and a course for a visitor when the catalogue is public, with the settings that let them in', async () => {
    const open = { publicCatalogue: true };
    const asked: string[] = [];
    const catalogue = await renderPage(
      '/allcourses',
      serverAs({ '/api/user/currentuser': null, '/api/config': open, '/api/course/catalog': catalog(4) }, asked),
    );
    expect(asked).toEqual(['/api/user/currentuser', '/api/config', '/api/course/catalog']);
    expect(catalogue?.html).toContain('4 courses');
    // The app hydrates with the same answers: a visitor, and a public catalogue.
    const keys = catalogue?.data.queries.map((query) => query.queryKey);
    expect(keys).toContainEqual(queryKeys.currentUser);
    expect(keys).toContainEqual(queryKeys.config);

    const course = testCourse({ _id: 'c1', title: 'Rust for the web', isPublished: true, price: 499 });
    const page = await renderPage(
      '/viewcourse/c1',
      serverAs({ '/api/user/currentuser': null, '/api/config': open, '/api/course/getcourse/c1': course }),
    );
    expect(page?.html).toContain('Rust for the web');
    // Enrolling and the wishlist need an account: sign up, then back to this course.
    expect(page?.html).toMatch(/<a[^>]*href="\/signup\?next=%2Fviewcourse%2Fc1"[^>]*>Enroll Now<\/a>/);
    expect(page?.html).toContain('aria-label="Add to wishlist: sign up or log in first"');
  });

  it('renders nothing for a visitor when the catalogue is not public, and asks for no page data', async () => {
    const asked: string[] = [];
    const closed = serverAs(
      { '/api/user/currentuser': null, '/api/config': { publicCatalogue: false }, '/api/course/catalog': catalog(4) },
      asked,
    );
    expect(await renderPage('/allcourses', closed)).toBeNull();
    expect(asked).toEqual(['/api/user/currentuser', '/api/config']);
  });
});
