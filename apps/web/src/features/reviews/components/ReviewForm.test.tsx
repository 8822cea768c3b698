import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { ReviewForm } from './ReviewForm';

function renderForm() {
  renderWithProviders(<ReviewForm courseId="c1" />);
}

const answer = (status: number, body: unknown) => vi.fn().mockResolvedValue(json(body, status));

describe('ReviewForm', () => {
  it('starts at 0 stars and sends nothing until a rating and a comment are given', async () => {
    const fetchMock = answer(201, {});
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(screen.getByText('Please choose a rating from 1 to 5 stars')).toBeInTheDocument();
    expect(screen.getByText('Please write a comment')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts {rating, comment, courseId} and shows 'Review Added'", async () => {
    const fetchMock = answer(201, { message: 'Review Added', review: {} });
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    await userEvent.click(screen.getByLabelText('4 stars'));
    await userEvent.type(screen.getByLabelText('Comment'), '  Clear and practical  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Review Added'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/review/givereview');
    expect(JSON.parse(init.body)).toEqual({ rating: 4, comment: 'Clear and practical', courseId: 'c1' });
    expect((screen.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it("says 'Review Updated' when the learner's earlier review was replaced", async () => {
    vi.stubGlobal('fetch', answer(200, { message: 'Review Updated', review: {} }));
    renderForm();
    await userEvent.click(screen.getByLabelText('3 stars'));
    await userEvent.type(screen.getByLabelText('Comment'), 'Better on a second look');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Review Updated'));
    expect(toast.success).not.toHaveBeenCalledWith('Review Added');
  });

  it("shows the server's message when the review is refused", async () => {
    vi.stubGlobal('fetch', answer(403, { message: 'Only learners enrolled in this course can review it' }));
    renderForm();
    await userEvent.click(screen.getByLabelText('5 stars'));
    await userEvent.type(screen.getByLabelText('Comment'), 'Great');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Only learners enrolled in this course can review it'),
    );
  });
});
