import type { LectureRetention as Retention } from '@kaksha/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { LectureRetention } from './LectureRetention';

const LECTURE = '0b6f3a8e-1c3d-4c5e-9f00-0000000000aa';
const steps = Array.from({ length: 21 }, (_, i) => i * 5);
const retention: Retention = {
  lectureId: LECTURE,
  durationSeconds: 600,
  viewers: 40,
  medianWatchSeconds: 245,
  retention: steps.map((at) => ({ at, share: 1 - at / 200 })),
  rewatched: steps.slice(0, 20).map((at) => ({ at, share: at === 35 ? 0.25 : 0 })),
};

let answer: () => Response;
let urls: string[];
beforeEach(() => {
  urls = [];
  answer = () => json(retention);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
});

describe('a lecture’s retention curve', () => {
  it('shows the share still watching at each 5 % in a table, viewers and the median, and the CSV', async () => {
    renderWithProviders(<LectureRetention lectureId={LECTURE} />);
    const table = await screen.findByRole('table', { name: 'How far viewers watch' });
    expect(urls[0]).toBe(`/api/analytics/lecture/${LECTURE}`);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(22);
    expect(rows[1]).toHaveTextContent('0%100%0%');
    expect(rows[8]).toHaveTextContent('35%82.5%25%');
    expect(rows[21]).toHaveTextContent('100%50%0%');
    expect(screen.getByText('40 viewers; median time watched: 4:05.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/analytics/lecture/${LECTURE}?format=csv`,
    );
  });

  it('says no one has watched yet when there are no viewers', async () => {
    answer = () => json({ ...retention, viewers: 0, medianWatchSeconds: 0 });
    renderWithProviders(<LectureRetention lectureId={LECTURE} />);
    expect(await screen.findByText(/No one has watched this lecture yet/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says it failed and retries; shows nothing for a lecture that is gone', async () => {
    answer = () => json({ message: 'Internal Server Error' }, 500);
    const { unmount } = renderWithProviders(<LectureRetention lectureId={LECTURE} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('How far viewers watch could not be loaded.');
    answer = () => json(retention);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'How far viewers watch' })).toBeInTheDocument();
    unmount();

    answer = () => json({ message: 'Lecture not found' }, 404);
    const { container } = renderWithProviders(<LectureRetention lectureId={LECTURE} />);
    await vi.waitFor(() => expect(urls.length).toBeGreaterThanOrEqual(3));
    await vi.waitFor(() => expect(container).toBeEmptyDOMElement());
  });
});
