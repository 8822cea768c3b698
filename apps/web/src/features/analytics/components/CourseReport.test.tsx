import type { AnalyticsReport } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { CourseReport } from './CourseReport';

const COURSE = '0b6f3a8e-1c3d-4c5e-9f00-000000000001';
const zero = {
  pageViews: 0,
  uniqueVisitors: 0,
  checkouts: 0,
  enrolments: 0,
  conversion: 0,
  revenue: 0,
  refunds: 0,
  minutesWatched: 0,
  activeLearners: 0,
  completions: 0,
};
const report = (over: Partial<AnalyticsReport> = {}): AnalyticsReport => ({
  from: '2026-11-01',
  to: '2026-11-03',
  days: ['2026-11-01', '2026-11-02', '2026-11-03'].map((date) => ({ date, ...zero })),
  totals: zero,
  sources: [],
  quizzes: [],
  ...over,
});
const busy = report({
  days: [
    {
      date: '2026-11-01',
      ...zero,
      pageViews: 1200,
      uniqueVisitors: 800,
      checkouts: 40,
      enrolments: 20,
      conversion: 0.025,
      revenue: 25980,
      minutesWatched: 3150,
      activeLearners: 61,
    },
    {
      date: '2026-11-02',
      ...zero,
      pageViews: 30,
      uniqueVisitors: 25,
      enrolments: 1,
      conversion: 0.04,
      revenue: 1299,
      refunds: 1299.5,
      completions: 2,
    },
  ],
  totals: {
    ...zero,
    pageViews: 1230,
    uniqueVisitors: 825,
    checkouts: 40,
    enrolments: 21,
    conversion: 21 / 825,
    revenue: 27279,
    refunds: 1299.5,
    minutesWatched: 3150,
    activeLearners: 61,
    completions: 2,
  },
  sources: [
    { source: 'www.google.com', pageViews: 900, enrolments: 15 },
    { source: '(direct)', pageViews: 330, enrolments: 6 },
  ],
  quizzes: [
    {
      quizId: 'q1',
      title: 'Closures',
      courseId: COURSE,
      attempts: 40,
      passRate: 0.625,
      hardest: [{ question: 3, prompt: 'What does this return?', wrongShare: 0.55 }],
    },
  ],
});

let urls: string[];
let answer: () => Response;
beforeEach(() => {
  urls = [];
  answer = () => json(busy);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
});

const at = `/educator/analytics/${COURSE}?from=2026-11-01&to=2026-11-03`;
const renderReport = (locale: 'en' | 'hi' = 'en', courseId: string | null = COURSE) =>
  renderWithProviders(<CourseReport courseId={courseId} />, { at, locale });

describe('a course’s analytics', () => {
  it('asks for the URL’s dates and shows the totals, in rupees and the interface’s numbers', async () => {
    renderReport();
    const totals = await screen.findByRole('region', { name: 'Totals for these dates' });
    expect(urls[0]).toBe(`/api/analytics/course/${COURSE}?from=2026-11-01&to=2026-11-03`);
    const figure = (label: string) => within(totals).getByText(label).nextElementSibling;
    expect(figure('Page views')).toHaveTextContent('1,230');
    expect(figure('Visitors')).toHaveTextContent('825');
    expect(figure('Conversion')).toHaveTextContent('2.5%');
    expect(figure('Revenue')).toHaveTextContent('₹ 27,279');
    expect(figure('Refunds')).toHaveTextContent('₹ 1,299.50');
    expect(figure('Minutes watched')).toHaveTextContent('3,150');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/analytics/course/${COURSE}?from=2026-11-01&to=2026-11-03&format=csv`,
    );
  });

  it('has a table under each chart: days, sources with "Direct", quizzes with their hardest questions', async () => {
    renderReport();
    // The charts are a chunk of their own: the first download takes a moment.
    const traffic = await screen.findByRole('table', { name: 'Visitors and enrolments' }, { timeout: 10_000 });
    const rows = within(traffic).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('DatePage viewsVisitorsCheckouts openedEnrolmentsConversion');
    expect(rows[1]).toHaveTextContent('1 Nov 20261,2008004020');
    expect(rows[1]).toHaveTextContent('2.5%');
    expect(within(screen.getByRole('table', { name: 'Revenue and refunds' })).getAllByRole('row')[1]).toHaveTextContent(
      '₹ 25,980',
    );
    const sources = within(screen.getByRole('table', { name: 'Where visitors come from' })).getAllByRole('row');
    expect(sources[1]).toHaveTextContent('www.google.com90015');
    expect(sources[2]).toHaveTextContent('Direct3306');
    const quiz = within(screen.getByRole('table', { name: 'Quizzes' })).getAllByRole('row')[1];
    expect(quiz).toHaveTextContent('Closures62.5%');
    expect(quiz).toHaveTextContent('What does this return? (55% answered wrong)');
  });

  it('says where a card has no rows: no quizzes answered', async () => {
    answer = () => json({ ...busy, quizzes: [] });
    renderReport();
    const quizzes = await screen.findByRole('region', { name: 'Quizzes' }, { timeout: 10_000 });
    expect(quizzes).toHaveTextContent('No quiz was answered in these dates.');
    expect(within(quizzes).queryByRole('table')).toBeNull();
  });

  it('writes the figures in Hindi with the Indian grouping', async () => {
    renderReport('hi');
    const totals = await screen.findByRole('region', { name: 'इन तारीख़ों का कुल' });
    expect(within(totals).getByText('आय').nextElementSibling).toHaveTextContent('₹ 27,279');
    expect(
      within(await screen.findByRole('table', { name: 'विज़िटर और नामांकन' }, { timeout: 10_000 })).getAllByRole(
        'row',
      )[1],
    ).toHaveTextContent(/1 नव॰? 2026/);
  });

  it('says so when nothing happened in the dates', async () => {
    answer = () => json(report());
    renderReport();
    expect(await screen.findByText('Nothing to show yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Totals for these dates' })).toBeNull();
  });

  it('says the report failed and tries again on Retry', async () => {
    answer = () => json({ message: 'Internal Server Error' }, 500);
    renderReport();
    expect(await screen.findByRole('alert')).toHaveTextContent('The analytics could not be loaded.');
    answer = () => json(busy);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Totals for these dates' })).toBeInTheDocument();
  });

  it('changes the dates in the URL and asks again; refuses a range the server would refuse', async () => {
    const user = userEvent.setup();
    const { router } = renderReport();
    await screen.findByRole('region', { name: 'Totals for these dates' });
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-11-05');
    expect(screen.getByRole('alert')).toHaveTextContent('From must be on or before To.');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-10-01&to=2026-11-03'));
    await waitFor(() => expect(urls.at(-1)).toBe(`/api/analytics/course/${COURSE}?from=2026-10-01&to=2026-11-03`));
    expect(urls.some((u) => u.includes('from=2026-11-05'))).toBe(false);
  });

  it('is the overview of all courses without a course', async () => {
    renderReport('en', null);
    await screen.findByRole('region', { name: 'Totals for these dates' });
    expect(urls[0]).toBe('/api/analytics/overview?from=2026-11-01&to=2026-11-03');
  });
});
