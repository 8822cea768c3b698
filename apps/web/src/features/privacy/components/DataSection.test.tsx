import type { PrivacyStatus } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { DataSection } from './DataSection';

let status: PrivacyStatus;
let deletes: unknown[];
let deleteAnswer: Response | (() => Response);

beforeEach(() => {
  status = { hasPassword: true, twoFactorEnabled: false, exports: [] };
  deletes = [];
  deleteAnswer = () => json({ deleted: true, message: 'Your account has been deleted.' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/user/privacy') return json(status);
      if (url === '/api/user/delete' && init.method === 'POST') {
        deletes.push(JSON.parse(String(init.body)));
        return typeof deleteAnswer === 'function' ? deleteAnswer() : deleteAnswer;
      }
      if (url === '/api/user/export') {
        return json({ id: 'e1', status: 'queued', expiresAt: null, message: 'queued' }, 202);
      }
      return json({ message: 'no route' }, 404);
    }),
  );
});

const render = () =>
  renderWithProviders(<DataSection />, {
    user: testUser(),
    at: '/profile',
    routes: [{ path: '/', element: <h1>Home page</h1> }],
  });

describe('the profile’s Your data section', () => {
  it('asks for the password, shows the server’s refusal under it, and deletes the account', async () => {
    const { router, client } = render();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText(/keeps your name only on tax invoices/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Authenticator code')).toBeNull();

    deleteAnswer = json(
      {
        message: 'That password is not right',
        id: 'privacy_password_wrong',
        fields: { password: 'That password is not right' },
      },
      400,
    );
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('That password is not right')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');

    deleteAnswer = () => json({ deleted: true, message: 'Your account has been deleted.' });
    await userEvent.clear(within(dialog).getByLabelText('Your password'));
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'the right one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(deletes).toEqual([{ password: 'wrong one' }, { password: 'the right one' }]);
    expect(client.getQueryData(queryKeys.currentUser)).toBeNull();
    expect(toast.success).toHaveBeenCalledWith('Your account has been deleted.');
  });

  it('asks a Google-only account for its e-mail, and for the code when two-factor sign-in is on', async () => {
    status = { hasPassword: false, twoFactorEnabled: true, exports: [] };
    render();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/user/privacy', expect.anything()));
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Type your e-mail address to confirm')).toBeInTheDocument(),
    );
    expect(within(dialog).queryByLabelText('Your password')).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Type your e-mail address to confirm'), 'me@example.com');
    await userEvent.type(within(dialog).getByLabelText('Authenticator code'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(deletes).toEqual([{ email: 'me@example.com', code: '123456' }]));
  });

  it('shows an educator’s refusal above the buttons, in Hindi too', async () => {
    deleteAnswer = json(
      {
        message: 'You have 1 published course with enrolled learners. …',
        id: 'privacy_educator_has_learners',
        params: { count: 1 },
      },
      409,
    );
    renderWithProviders(<DataSection />, { user: testUser({ role: 'educator' }), locale: 'hi' });
    await userEvent.click(screen.getByRole('button', { name: 'मेरा खाता हटाएँ' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('आपका पासवर्ड'), 'secret');
    await userEvent.click(within(dialog).getByRole('button', { name: 'मेरा खाता हटाएँ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('आपका 1 प्रकाशित कोर्स है');
  });

  it('tells a large account that its export comes by e-mail', async () => {
    render();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith(
        'Your data is being gathered. We will e-mail you a download link when it is ready.',
      ),
    );
  });
});
