import type { CourseOutcome } from '@kaksha/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testCourse } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { CourseOutcomes } from './CourseOutcomes';
import { QuestionsButton } from './QuestionsButton';

const outcomes: CourseOutcome[] = [
  { courseId: 'c1', quizPassRate: 80, certificatesIssued: 4, unansweredQuestions: 2 },
  { courseId: 'c2', quizPassRate: null, certificatesIssued: 0, unansweredQuestions: 1 },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (url === '/api/certificate/dashboard' ? json(outcomes) : json({}, 404))),
  );
});

describe("the dashboard's unanswered questions", () => {
  it('per course: the count links to that course in the inbox', async () => {
    renderWithProviders(
      <CourseOutcomes
        courses={[testCourse({ _id: 'c1', title: 'Flexbox' }), testCourse({ _id: 'c2', title: 'SQL' })]}
      />,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Unanswered questions' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: '2 unanswered questions on Flexbox' })).toHaveAttribute(
      'href',
      '/educator/questions?courseId=c1',
    );
    expect(within(table).getByRole('link', { name: '1 unanswered question on SQL' })).toHaveTextContent('1');
  });

  it('in all: the Questions button says how many wait', async () => {
    renderWithProviders(<QuestionsButton />);
    const link = screen.getByRole('link', { name: /Questions/ });
    expect(link).toHaveAttribute('href', '/educator/questions');
    expect(await within(link).findByText('3 waiting')).toBeInTheDocument();
  });
});
