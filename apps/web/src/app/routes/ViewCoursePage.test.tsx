import type { Course, User } from '@kaksha/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import ViewCoursePage from './ViewCoursePage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const course: Course = {
  _id: 'c1',
  title: 'Rust for the web',
  subTitle: 'Fast back ends',
  description: 'Ownership to Axum',
  category: 'Web Development',
  level: 'Beginner',
  language: 'en',
  price: 499,
  listPrice: null,
  totalDurationSeconds: null,
  thumbnail: null,
  isPublished: true,
  creator: 'e1',
  lectures: [],
  lectureCount: 0,
  reviews: [],
  avgRating: 0,
  reviewCount: 0,
  enrolledStudents: [],
  enrolledCount: 0,
  earnings: 0,
  quizCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const learner = (enrolled: boolean, role: User['role'] = 'student', id = 'u1'): User => ({
  _id: id,
  name: 'Asha',
  email: 'asha@example.com',
  role,
  description: '',
  photoUrl: null,
  enrolledCourses: enrolled
    ? [{ _id: 'c1', title: course.title, thumbnail: null, category: course.category, level: course.level }]
    : [],
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderPage(user: User) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/course/getcourse/c1') return json(course);
      if (path === '/api/course/getcreator') return json({ _id: 'e1', name: 'Ravi', description: '', photoUrl: null });
      if (path === '/api/wishlist') return json({ courses: [] });
      if (path === '/api/user/billing') return json({ billing: null });
      if (path === '/api/payment/quote') {
        const place = { stateCode: '29', stateName: 'Karnataka' };
        return json({
          price: 499,
          discount: 0,
          amount: 499,
          taxable: 422.88,
          cgst: 38.06,
          sgst: 38.06,
          igst: 0,
          gstRate: 18,
          placeOfSupply: place,
        });
      }
      return json({ courses: [] });
    }),
  );
  renderWithProviders(<ViewCoursePage />, { path: '/viewcourse/:courseId', at: '/viewcourse/c1', user });
}

describe('/viewcourse: the checkout', () => {
  it('shows a learner not enrolled the price details beside Enroll Now', async () => {
    renderPage(learner(false));
    const details = await screen.findByRole('region', { name: 'Price details' });
    await waitFor(() => expect(details).toHaveTextContent('Total₹ 499.00'));
    expect(screen.getByRole('button', { name: 'Enroll Now' })).toBeInTheDocument();
  });

  it('shows an enrolled learner Watch Now without them', async () => {
    renderPage(learner(true));
    expect(await screen.findByRole('link', { name: 'Watch Now' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Price details' })).toBeNull();
  });
});

describe('/viewcourse: the review form', () => {
  it('shows to a learner enrolled in the course', async () => {
    renderPage(learner(true));
    expect(await screen.findByRole('form', { name: 'Write a Review' })).toBeInTheDocument();
  });

  it.each([
    ['a learner not enrolled', learner(false)],
    ['the course’s creator', learner(false, 'educator', 'e1')],
  ])('does not show to %s', async (_who, user) => {
    renderPage(user);
    await screen.findByRole('heading', { level: 1, name: course.title });
    expect(screen.queryByRole('form', { name: 'Write a Review' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Review' })).toBeNull();
  });
});
