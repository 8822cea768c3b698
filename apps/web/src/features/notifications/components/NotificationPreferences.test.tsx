import { DEFAULT_NOTIFICATION_PREFERENCES } from '@kaksha/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '@/test/fixtures';
import { json } from '@/test/http';
import { renderWithProviders } from '@/test/render';
import { toast } from '@/test/toast';
import { NotificationPreferences } from './NotificationPreferences';

let preferences: Record<string, string>;
let puts: unknown[];

beforeEach(() => {
  preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url !== '/api/notifications/preferences') return json({ message: 'no route' }, 404);
      if (init.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        puts.push(body);
        preferences = { ...preferences, ...body };
      }
      return json({ preferences });
    }),
  );
});

describe('the e-mail notification settings', () => {
  it('show each kind with its choice; a change is saved at once', async () => {
    renderWithProviders(<NotificationPreferences />, { user: testUser() });
    const answers = await screen.findByRole('combobox', { name: 'Answers to my questions' });
    expect(answers).toHaveValue('instant');
    expect(screen.getByRole('combobox', { name: 'New lectures in my courses' })).toHaveValue('off');
    // New questions on a course concern its educator only.
    expect(screen.queryByRole('combobox', { name: 'New questions on my courses' })).toBeNull();

    await userEvent.selectOptions(answers, 'daily');
    expect(puts).toEqual([{ answer: 'daily' }]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('E-mail settings saved'));
    expect(answers).toHaveValue('daily');
  });

  it('offer an educator the new questions on their courses, in a daily digest until changed', async () => {
    renderWithProviders(<NotificationPreferences />, { user: testUser({ role: 'educator' }) });
    expect(await screen.findByRole('combobox', { name: 'New questions on my courses' })).toHaveValue('daily');
  });
});
