import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseCountLabel } from '../api/course-stats';
import { FeatureBadges } from './FeatureBadges';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBadges(publishedCourses: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn().mockResolvedValue(new Response(JSON.stringify({ publishedCourses }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FeatureBadges />
    </QueryClientProvider>,
  );
}

describe('the landing page’s course badge counts the published courses', () => {
  it('says the real number, never more', async () => {
    renderBadges(26);
    // Before the count arrives: no number at all.
    expect(screen.getByText('Online Courses')).toBeInTheDocument();
    expect(await screen.findByText('26+ Online Courses')).toBeInTheDocument();
    expect(screen.queryByText('20k+ Online Courses')).toBeNull();
    expect(screen.getByText('Lifetime Access')).toBeInTheDocument();
  });

  it('rounds thousands down', () => {
    expect(courseCountLabel(0)).toBeNull();
    expect(courseCountLabel(1)).toBe('1+');
    expect(courseCountLabel(999)).toBe('999+');
    expect(courseCountLabel(1000)).toBe('1k+');
    expect(courseCountLabel(1999)).toBe('1k+');
    expect(courseCountLabel(20_500)).toBe('20k+');
  });
});
