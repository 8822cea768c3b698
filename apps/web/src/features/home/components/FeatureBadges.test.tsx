import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { courseCountLabel } from '../api/course-stats';
import { FeatureBadges } from './FeatureBadges';

function renderBadges(publishedCourses: number) {
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json({ publishedCourses })));
  renderWithProviders(<FeatureBadges />);
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
