import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { Toasts } from './Toasts';

// The real lazy toasts, not the immediate stand-in the other component tests use (test/setup.ts).
vi.unmock('../../lib/toast');

afterEach(cleanup);

describe('toasts', () => {
  it('load on first use: a toast asked for before anything is mounted still appears', async () => {
    render(<Toasts />);
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => toast.error('Invalid email or password'));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    act(() => toast.success('Login Successfully'));
    expect(await screen.findByText('Login Successfully')).toBeVisible();
  });
});
