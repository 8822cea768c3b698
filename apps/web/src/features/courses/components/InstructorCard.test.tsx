import type { Creator } from '@kaksha/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { InstructorCard } from './InstructorCard';

const creator: Creator = {
  _id: 'u1',
  name: 'Ananya Rao',
  email: '',
  description: 'Builds web apps',
  photoUrl: null,
  courseCount: 3,
  learnerCount: 1204,
  avgRating: 4.6,
  reviewCount: 12,
};

function renderCard(answer: Creator) {
  vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json(answer)));
  renderWithProviders(<InstructorCard creatorId="u1" />);
}

describe('InstructorCard', () => {
  it('shows name, bio and figures, and no e-mail unless the educator shows one', async () => {
    renderCard(creator);
    expect(await screen.findByText('Ananya Rao')).toBeInTheDocument();
    expect(screen.getByText('Builds web apps')).toBeInTheDocument();
    expect(screen.getByText('3 courses')).toBeInTheDocument();
    expect(screen.getByText('1,204 learners')).toBeInTheDocument();
    expect(screen.getByText('4.6 average rating')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('links the e-mail the educator chose to show; no rating without reviews', async () => {
    renderCard({
      ...creator,
      email: 'ananya@example.com',
      courseCount: 1,
      learnerCount: 1,
      reviewCount: 0,
      avgRating: 0,
    });
    expect(await screen.findByRole('link', { name: 'ananya@example.com' })).toHaveAttribute(
      'href',
      'mailto:ananya@example.com',
    );
    expect(screen.getByText('1 course')).toBeInTheDocument();
    expect(screen.getByText('1 learner')).toBeInTheDocument();
    expect(screen.queryByText(/average rating/)).toBeNull();
  });
});
