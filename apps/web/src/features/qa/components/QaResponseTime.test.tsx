import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { formatWait, QaResponseTime } from './QaResponseTime';

const stats = (median: number | null) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      json({ courseId: 'c1', medianFirstAnswerSeconds: median, answeredQuestions: 12, windowDays: 90 }),
    ),
  );

describe('how soon the educator answers', () => {
  it('says the median time to a first answer, and what it is taken over', async () => {
    stats(3 * 3600 + 600);
    renderWithProviders(<QaResponseTime courseId="c1" />);
    expect(
      await screen.findByText('The educator usually answers questions within 3 hours.', { exact: false }),
    ).toHaveTextContent('(median of 12 questions in the last 90 days)');
  });

  it('says nothing before the educator has answered anything in that time', async () => {
    stats(null);
    const { container } = renderWithProviders(<QaResponseTime courseId="c1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container).toBeEmptyDOMElement();
  });

  it('words a wait in minutes, hours or days, in Hindi too', () => {
    expect(formatWait(40)).toBe('1 minute');
    expect(formatWait(25 * 60)).toBe('25 minutes');
    expect(formatWait(47 * 3600)).toBe('47 hours');
    expect(formatWait(3 * 86_400)).toBe('3 days');
  });
});
