import type { SearchDemand } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import SearchDemandPage from './SearchDemandPage';

const demand: SearchDemand = {
  groups: [
    {
      query: 'kubernetes for beginners',
      variants: ['kubernetis beginners', 'beginners kubernetes'],
      searches: 31,
      learners: 12,
      results: 0,
    },
    { query: 'rust async', variants: [], searches: 1500, learners: 5, results: 1.5 },
  ],
};

let answer: () => Response;
let urls: string[];
beforeEach(() => {
  urls = [];
  answer = () => json(demand);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      return answer();
    }),
  );
});

const at = '/educator/search-demand?from=2026-11-01&to=2026-11-27';

describe('/educator/search-demand', () => {
  it('lists what learners looked for and did not find, with their variants, and filters by category', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<SearchDemandPage />, { at });
    expect(screen.getByRole('heading', { name: 'What learners are looking for' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(urls[0]).toBe('/api/analytics/search-demand?from=2026-11-01&to=2026-11-27');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('kubernetes for beginners');
    expect(rows[1]).toHaveTextContent('Also: kubernetis beginners, beginners kubernetes');
    expect(rows[1]).toHaveTextContent('12310');
    expect(rows[2]).toHaveTextContent('rust async51,5001.5');
    await user.selectOptions(screen.getByLabelText('Category'), 'Web Development');
    await waitFor(() =>
      expect(urls.at(-1)).toBe('/api/analytics/search-demand?category=Web+Development&from=2026-11-01&to=2026-11-27'),
    );
    expect(router.state.location.search).toContain('category=Web+Development');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/analytics/search-demand?category=Web+Development&from=2026-11-01&to=2026-11-27&format=csv',
    );
  });

  it('says when no search of five or more learners went unfound', async () => {
    answer = () => json({ groups: [] });
    renderWithProviders(<SearchDemandPage />, { at });
    expect(await screen.findByText('No unmet searches yet')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing that at least 5 learners searched for went unfound in these dates.'),
    ).toBeInTheDocument();
  });

  it('says it failed, in Hindi too', async () => {
    answer = () => json({ message: 'Internal Server Error' }, 500);
    renderWithProviders(<SearchDemandPage />, { at, locale: 'hi' });
    expect(await screen.findByRole('alert')).toHaveTextContent('शिक्षार्थियों ने क्या खोजा, यह लोड नहीं हो सका।');
    expect(screen.getByRole('heading', { name: 'शिक्षार्थी क्या खोज रहे हैं' })).toBeInTheDocument();
  });
});
