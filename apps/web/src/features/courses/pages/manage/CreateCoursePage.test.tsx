import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import CreateCoursePage from './CreateCoursePage';

describe('/createcourses', () => {
  it('shows the server’s messages under Course Title and Category (marked invalid), and the toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: 'Title is required',
              id: 'validation',
              fields: { title: 'Title is required', category: 'Choose one of the categories' },
            }),
            { status: 400 },
          ),
      ),
    );
    renderWithProviders(<CreateCoursePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Title is required'));
    for (const [label, message] of [
      ['Course Title', 'Title is required'],
      ['Category', 'Choose one of the categories'],
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
    }
  });
});
