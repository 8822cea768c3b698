import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { GoogleSignIn } from './GoogleButton';

afterEach(() => {
  delete window.google;
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const config = (googleClientId: string | null) => ({
  googleClientId,
  paymentProvider: 'sandbox',
  paymentKeyId: 'rzp_test_x',
  currency: 'INR',
});

function renderButton(accountRole: '' | 'student' | 'educator', onSignedIn = vi.fn()) {
  const { container, client } = renderWithProviders(
    <GoogleSignIn accountRole={accountRole} text="signup_with" onSignedIn={onSignedIn} />,
  );
  return { onSignedIn, container, client };
}

describe('GoogleSignIn', () => {
  it('shows nothing — no button, no "or" — when the server has no Google client id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(config(null))),
    );
    const { container, client } = renderButton('student');
    // Nothing once the server's answer is in.
    await waitFor(() => expect(client.getQueryState(queryKeys.config)?.status).toBe('success'));
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Sign up with Google' })).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('renders Google’s button and sends the ID token with the chosen role', async () => {
    let callback: ((r: { credential?: string }) => void) | undefined;
    const initialize = vi.fn((o: { client_id: string; callback: typeof callback }) => {
      callback = o.callback;
    });
    const renderGoogle = vi.fn();
    window.google = { accounts: { id: { initialize, renderButton: renderGoogle } } };
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/config' ? json(config('client-123')) : json({ _id: 'u1', name: 'G', role: 'educator' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { onSignedIn } = renderButton('educator');

    await waitFor(() => expect(renderGoogle).toHaveBeenCalled());
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(initialize.mock.calls[0][0].client_id).toBe('client-123');
    callback?.({ credential: 'google-id-token' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ _id: 'u1' })));
    const [url, init] = fetchMock.mock.calls.find(([u]) => u === '/api/auth/googlesignup')!;
    expect(url).toBe('/api/auth/googlesignup');
    expect(JSON.parse(String(init?.body))).toEqual({ credential: 'google-id-token', role: 'educator' });
  });

  it('shows the server’s message when Google sign-in fails', async () => {
    let callback: ((r: { credential?: string }) => void) | undefined;
    window.google = {
      accounts: {
        id: {
          initialize: (o: { callback: typeof callback }) => {
            callback = o.callback;
          },
          renderButton: vi.fn(),
        },
      },
    } as never;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/config' ? json(config('client-123')) : json({ message: 'Your Google sign-in has expired.' }, 401),
      ),
    );
    renderButton('');
    await waitFor(() => expect(callback).toBeDefined());
    callback?.({ credential: 'expired' });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Your Google sign-in has expired.'));
  });
});
