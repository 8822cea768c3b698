import { IMAGE_MAX_BYTES, MESSAGES } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import EditProfilePage from './EditProfilePage';

afterEach(() => {
  vi.restoreAllMocks();
});

const asha = testUser();

/** XMLHttpRequest as api.upload uses it, answering every send with `status` and `body`. */
function answerUploads(status: number, body: unknown) {
  const sent: FormData[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, form) {
    sent.push(form as FormData);
    Object.defineProperty(this, 'status', { value: status });
    Object.defineProperty(this, 'responseText', { value: JSON.stringify(body) });
    queueMicrotask(() => this.onload?.(new ProgressEvent('load')));
  });
  return sent;
}

describe('/editprofile', () => {
  it('shows the server’s field messages under Full Name and Description, with the spec’s toast', async () => {
    answerUploads(400, {
      message: 'Name is required',
      id: 'bad_request',
      fields: { name: 'Name is required', description: 'Description must be at most 1000 characters' },
    });
    renderWithProviders(<EditProfilePage />, { user: asha });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Full Name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(MESSAGES.profileUpdateError));
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(
      'Description must be at most 1000 characters',
    );
    // Said beside the fields, not once more in the box under the form.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses an avatar over the image limit before any upload, with the limit’s message', async () => {
    const sent = answerUploads(200, asha);
    renderWithProviders(<EditProfilePage />, { user: asha });
    const user = userEvent.setup();
    const huge = new File([new Uint8Array(IMAGE_MAX_BYTES + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Select Avatar'), huge);
    expect(toast.error).toHaveBeenCalledWith(MESSAGES.imageTooLarge);
    expect((screen.getByLabelText('Select Avatar') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('photoUrl')).toBeNull();
  });
});
