import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import EditProfilePage from './EditProfilePage';

afterEach(() => {
  vi.restoreAllMocks();
});

const educator = testUser({
  name: 'Ananya Rao',
  email: 'ananya@example.com',
  role: 'educator',
  showContactEmail: false,
});

/** The forms api.upload sends (XMLHttpRequest), each answered with the educator, as saved. */
function answerUploads() {
  const sent: FormData[] = [];
  vi.spyOn(XMLHttpRequest.prototype, 'open').mockImplementation(() => {});
  vi.spyOn(XMLHttpRequest.prototype, 'send').mockImplementation(function (this: XMLHttpRequest, body) {
    sent.push(body as FormData);
    Object.defineProperty(this, 'status', { value: 200 });
    Object.defineProperty(this, 'responseText', { value: JSON.stringify(educator) });
    queueMicrotask(() => this.onload?.(new ProgressEvent('load')));
  });
  return sent;
}

describe('EditProfilePage: the contact e-mail choice (issue #27)', () => {
  it('is off by default for an educator, and sent when turned on', { timeout: 30_000 }, async () => {
    const sent = answerUploads();
    renderWithProviders(<EditProfilePage />, {
      user: educator,
      at: '/editprofile',
      routes: [{ path: '/', element: <p>Home</p> }],
    });
    const choice = screen.getByRole('checkbox', { name: 'Show my e-mail on my public instructor profile' });
    expect(choice).not.toBeChecked();
    await userEvent.click(choice);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].get('showContactEmail')).toBe('true');
  });

  it('is not offered to a learner, whose saves do not send it', { timeout: 30_000 }, async () => {
    const sent = answerUploads();
    renderWithProviders(<EditProfilePage />, {
      user: { ...educator, role: 'student' },
      at: '/editprofile',
      routes: [{ path: '/', element: <p>Home</p> }],
    });
    expect(screen.queryByRole('checkbox')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0].has('showContactEmail')).toBe(false);
  });
});
