import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import LoginPage from './LoginPage';

const asha = testUser();

/** The server: the password step answers the 2FA challenge; the code step `verify`. */
function server(verify: (body: Record<string, string>) => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, body });
      if (url === '/api/config')
        return json({ googleClientId: null, paymentProvider: 'sandbox', paymentKeyId: 'k', currency: 'INR' });
      if (url === '/api/auth/login') return json({ twoFactorRequired: true });
      if (url === '/api/auth/2fa/verify') return verify(body);
      return json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}

async function passwordStep() {
  renderWithProviders(<LoginPage />, {
    path: '/login',
    at: '/login',
    user: null,
    routes: [{ path: '/', element: <h1>Home</h1> }],
  });
  const user = userEvent.setup();
  // Pasted, not typed key by key: fewer renders on a busy machine.
  await user.click(screen.getByLabelText('Email'));
  await user.paste('asha@example.com');
  await user.click(screen.getByLabelText('Password'));
  await user.paste('secret-password');
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

// Three renders of the whole login page each: slow on a busy machine, never waiting on time.
describe('/login with two-factor sign-in', { timeout: 60_000 }, () => {
  it('asks for the code after the password, then signs in', async () => {
    const calls = server(() => json(asha));
    const user = await passwordStep();
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.click(code);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/2fa/verify')?.body).toEqual({ code: '123456' });
    expect(toast.success).toHaveBeenCalledWith('Login Successfully');
  });

  it('a wrong code is shown under the field; a recovery code can be used instead', async () => {
    const calls = server((body) =>
      body.code
        ? json(
            {
              message: 'That code is not right. Check the time on your phone and try the newest code.',
              id: 'two_factor_code_wrong',
            },
            401,
          )
        : json(asha),
    );
    const user = await passwordStep();
    await user.click(await screen.findByLabelText('Code from your authenticator app'));
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'That code is not right. Check the time on your phone and try the newest code.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.click(screen.getByLabelText('Recovery code'));
    await user.paste('abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/2fa/verify').map((c) => c.body)).toEqual([
      { code: '000000' },
      { recoveryCode: 'abcd-efgh-jkmn-pqrs' },
    ]);
  });

  it('"Back to sign-in" returns to the password form', async () => {
    server(() => json(asha));
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: 'Back to sign-in' }));
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
