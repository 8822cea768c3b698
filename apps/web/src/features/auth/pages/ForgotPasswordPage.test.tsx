import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import ForgotPasswordPage from './ForgotPasswordPage';

function renderPage() {
  return renderWithProviders(<ForgotPasswordPage />, {
    path: '/forgotpassword',
    at: '/forgotpassword',
    routes: [{ path: '/login', element: <h1>Login page</h1> }],
  }).router;
}

describe('/forgotpassword', () => {
  it('walks the three steps; a mismatch toasts and makes no call; success goes to /login', async () => {
    const calls: string[] = [];
    let releaseSend: () => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (url.endsWith('/sendotp')) {
          await new Promise<void>((r) => {
            releaseSend = r;
          });
          return json({ message: 'code sent' });
        }
        if (url.endsWith('/verifyotp')) return json({ message: 'OTP verified successfully' });
        return json({ message: 'Password reset successfully' });
      }),
    );
    const user = userEvent.setup();
    const router = renderPage();

    expect(screen.getByRole('heading', { name: 'Forgot Your Password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByLabelText('Email')).toBeRequired();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    // Busy: the step's button is disabled until the answer comes.
    await waitFor(() => expect(screen.getByRole('button', { name: /Send OTP/ })).toBeDisabled());
    releaseSend();

    await screen.findByRole('heading', { name: 'Enter OTP' });
    expect(screen.getByText('Please enter the 4-digit code sent to your email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('code sent');
    await user.type(screen.getByLabelText('OTP'), '12a345');
    expect(screen.getByLabelText('OTP')).toHaveValue('1234');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));

    await screen.findByRole('heading', { name: 'Reset Your Password' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'first-password');
    await user.type(screen.getByLabelText('Confirm Password'), 'other-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(toast.error).toHaveBeenCalledWith('password does not match');
    expect(calls.filter((u) => u.endsWith('/resetpassword'))).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm Password'));
    await user.type(screen.getByLabelText('Confirm Password'), 'first-password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(toast.success).toHaveBeenCalledWith('Password reset successfully');
  });

  it('shows the server’s message when a step fails and stays on it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'Enter a valid email address' }, 400)),
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'nope@x');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Enter a valid email address'));
    expect(screen.getByRole('heading', { name: 'Forgot Your Password?' })).toBeInTheDocument();
  });

  it('shows the email’s message beside the email field', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.endsWith('/sendotp')
          ? json(
              {
                message: 'Enter a valid email address',
                id: 'validation',
                fields: { email: 'Enter a valid email address' },
              },
              400,
            )
          : json({}),
      ),
    );
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Email'), 'nope@x');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter a valid email address');
    expect(toast.error).toHaveBeenCalledWith('Enter a valid email address');
  });
});
