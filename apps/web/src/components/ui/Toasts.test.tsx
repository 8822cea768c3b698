import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

// The real lazy toasts, not the immediate stand-in the other component tests use (test/setup.ts).
vi.unmock('../../lib/toast');

/** lib/toast and the library remember the toasts asked for: each test starts from a page that has had none. */
async function freshPage() {
  vi.resetModules();
  const [{ toast }, { Toasts }] = await Promise.all([import('@/lib/toast'), import('./Toasts')]);
  return { toast, Toasts };
}

const liveRegion = () => document.querySelector('[aria-live="polite"]');

describe('toasts', () => {
  it('load on first use: a toast asked for before anything is mounted still appears', async () => {
    const { toast, Toasts } = await freshPage();
    render(<Toasts />);
    expect(document.querySelector('.Toastify__toast-container')).toBeNull();
    act(() => toast.error('Invalid email or password'));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    act(() => toast.success('Login Successfully'));
    expect(await screen.findByText('Login Successfully')).toBeVisible();
  });

  it('are announced: the live region is on the page before the first toast, and the toasts land in it', async () => {
    const { toast, Toasts } = await freshPage();
    // In the server's HTML already, before the library has even downloaded.
    expect(renderToString(<Toasts />)).toMatch(/aria-live="polite"/);
    render(<Toasts />);
    const region = liveRegion();
    expect(region).not.toBeNull();
    expect(region).toBeEmptyDOMElement();

    act(() => toast.success('SignUp Successfully'));
    const success = await screen.findByRole('status');
    expect(success).toHaveTextContent('SignUp Successfully');
    expect(liveRegion()).toBe(region);
    expect(region).toContainElement(success);

    // An error interrupts; an outcome waits its turn (WCAG 4.1.3).
    act(() => toast.error('Invalid email or password'));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('Invalid email or password');
    expect(region).toContainElement(error);
  });
});
