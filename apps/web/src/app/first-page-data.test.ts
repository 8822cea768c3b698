import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { queryClient } from './query-client';
import { firstPageData } from './routes';

const answers: Record<string, unknown> = {
  '/api/user/currentuser': { _id: 'u1', name: 'Asha', role: 'student' },
  '/api/course/catalog': { courses: [{ _id: 'c1' }], nextCursor: null, total: 1 },
  '/api/course/catalog?category=AI%2FML': { courses: [], nextCursor: null, total: 0 },
  '/api/course/getcourse/c1': { _id: 'c1', title: 'Course' },
  '/api/course/getpublishedcoures?limit=6': [],
  '/api/review/allReview?limit=6': [],
  '/api/config': { publicCatalogue: false },
};
const fetchMock = vi.fn(async (url: string) => new Response(JSON.stringify(answers[url] ?? null), { status: 200 }));
const asked = () => fetchMock.mock.calls.map(([url]) => url);

beforeEach(() => {
  queryClient.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

/** boot.tsx renders the first page once its data is in the cache (the HTML preloaded the same answers). */
describe('the first page’s data before the first render', () => {
  it('the catalogue’s first page, for the keyword, filters and order in the URL', async () => {
    await firstPageData({ pathname: '/allcourses', search: '' });
    expect(asked()).toEqual(['/api/user/currentuser', '/api/course/catalog']);
    expect(queryClient.getQueryData([...queryKeys.publishedCourses, 'catalog', ''])).toMatchObject({
      pages: [{ total: 1 }],
    });
    await firstPageData({ pathname: '/allcourses', search: '?category=AI%2FML' });
    expect(asked()).toContain('/api/course/catalog?category=AI%2FML');
    await firstPageData({ pathname: '/allcourses', search: '?sort=rating&q=react&level=Beginner' });
    expect(asked()).toContain('/api/course/catalog?q=react&level=Beginner&sort=rating');
  });

  it('a course page’s course; the landing’s popular courses and reviews', async () => {
    await firstPageData({ pathname: '/viewcourse/c1', search: '' });
    expect(queryClient.getQueryData(queryKeys.course('c1'))).toMatchObject({ title: 'Course' });
    await firstPageData({ pathname: '/', search: '' });
    expect(asked()).toEqual(
      expect.arrayContaining(['/api/course/getpublishedcoures?limit=6', '/api/review/allReview?limit=6']),
    );
  });

  it('nothing but the user for a visitor on a signed-in page (and whether the catalogue is public), or for another page', async () => {
    answers['/api/user/currentuser'] = null;
    await firstPageData({ pathname: '/allcourses', search: '' });
    await firstPageData({ pathname: '/profile', search: '' });
    expect(asked()).toEqual(['/api/user/currentuser', '/api/config']);
  });

  it('the catalogue and a course for a visitor too when the server’s catalogue is public', async () => {
    answers['/api/user/currentuser'] = null;
    answers['/api/config'] = { publicCatalogue: true };
    await firstPageData({ pathname: '/allcourses', search: '' });
    await firstPageData({ pathname: '/viewcourse/c1', search: '' });
    expect(asked()).toEqual([
      '/api/user/currentuser',
      '/api/config',
      '/api/course/catalog',
      '/api/course/getcourse/c1',
    ]);
  });
});
