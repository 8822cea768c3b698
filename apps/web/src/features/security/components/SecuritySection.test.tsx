import type { DeviceSession } from '@kaksha/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { SecuritySection } from './SecuritySection';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '2')}`);
let enabled: boolean;
let sessions: DeviceSession[];
let calls: { method: string; url: string; body: unknown }[];

const device = (over: Partial<DeviceSession>): DeviceSession => ({
  id: 'a',
  browser: 'Chrome 131',
  os: 'Android 14',
  platform: 'mobile',
  network: '203.0.x.x',
  createdAt: '2026-11-20T10:00:00Z',
  lastSeenAt: '2026-11-27T10:00:00Z',
  current: false,
  ...over,
});

beforeEach(() => {
  enabled = false;
  sessions = [
    device({ id: 'me', current: true }),
    device({ id: 'laptop', browser: 'Firefox 133', os: 'Windows 10', platform: 'desktop', network: '198.51.x.x' }),
    device({ id: 'tablet', browser: 'Safari 17', os: 'iOS 17', platform: 'tablet', network: null }),
  ];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/auth/2fa') return json({ enabled, recoveryCodesLeft: enabled ? 10 : 0 });
      if (url === '/api/auth/2fa/setup')
        return json({
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Kaksha:asha@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Kaksha',
          qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
        });
      if (url === '/api/auth/2fa/enable') {
        if (body.code !== '123456')
          return json(
            {
              message: 'That code is not right.',
              id: 'two_factor_code_wrong',
              fields: { code: 'That code is not right.' },
            },
            400,
          );
        enabled = true;
        return json({ recoveryCodes: CODES });
      }
      if (url === '/api/auth/2fa/disable') {
        enabled = false;
        return json({ enabled: false, recoveryCodesLeft: 0 });
      }
      if (url === '/api/auth/sessions') return json({ sessions });
      if (url.startsWith('/api/auth/sessions/') && method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== url.split('/').pop());
        return json({ message: 'Signed out of that device' });
      }
      if (url === '/api/auth/sessions/revoke-others') {
        const n = sessions.length - 1;
        sessions = sessions.filter((s) => s.current);
        return json({ revoked: n });
      }
      return json({ message: 'no route' }, 404);
    }),
  );
});

describe('the profile’s Security section', { timeout: 60_000 }, () => {
  it('turns two-factor sign-in on: QR code and key, a wrong code under the field, then the recovery codes once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SecuritySection />, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }, { timeout: 10_000 }));
    expect(screen.getByText('Off')).toBeInTheDocument();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();

    const code = screen.getByLabelText('Code from the app');
    await user.click(code);
    await user.paste('000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('That code is not right.'));

    await user.clear(code);
    await user.click(code);
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    // Shown once: gone after "I have saved them", and nothing can bring them back.
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.queryByText(CODES[0] as string)).toBeNull();
  });

  it('copies the recovery codes', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<SecuritySection />, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    await user.click(await screen.findByLabelText('Code from the app'));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(CODES.join('\n')));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Recovery codes copied.'));
  });

  it('turns it off with the password and a code', async () => {
    enabled = true;
    const user = userEvent.setup();
    renderWithProviders(<SecuritySection />, { user: testUser() });
    await user.click(await screen.findByRole('button', { name: 'Turn off two-factor sign-in' }));
    await user.click(screen.getByLabelText('Password'));
    await user.paste('secret-password');
    await user.click(screen.getByLabelText('Code from the app, or a recovery code'));
    await user.paste('654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/2fa/disable')?.body).toEqual({
      password: 'secret-password',
      code: '654321',
    });
  });

  it('lists the devices, this one marked; signs one out, then every other', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SecuritySection />, { user: testUser() });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Chrome 131 on Android 14');
    expect(items[0]).toHaveTextContent('This device');
    expect(items[0]).toHaveTextContent('Network 203.0.x.x');
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Firefox 133 on Windows 10');
    expect(items[1]).toHaveTextContent('Last active');

    await user.click(screen.getByRole('button', { name: 'Sign out Firefox 133 on Windows 10' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/auth/sessions/laptop')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('1 other device will be signed out at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('1 other device signed out.'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });
});
