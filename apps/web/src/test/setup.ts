import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { createAppIntl } from '@/i18n';
import { setCurrentIntl } from '@/i18n/current';
import en from '@/i18n/en.json';

// Texts worded outside components (formatting, toasts, API errors) are English unless a test
// renders in another language.
beforeEach(() => {
  setCurrentIntl('en', createAppIntl('en', en));
});

// After every test: unmount what it rendered, take back the globals it stubbed (fetch, matchMedia,
// …) and forget its mocks' calls, so no test sees another's.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The app's toasts go through lib/toast, which downloads react-toastify on first use; in component
// tests they call react-toastify (which a test may mock) at once.
vi.mock('@/lib/toast', async () => {
  const toastify = await import('react-toastify');
  return {
    toast: toastify.toast,
    loadToastify: async () => toastify,
    toastWanted: () => false,
    onToastWanted: () => () => {},
  };
});

// jsdom's <dialog> has no modal behaviour; enough of it for the Modal component (not in the files
// that run in node, such as prerender.test).
if (typeof HTMLDialogElement !== 'undefined') {
  const dialog = HTMLDialogElement.prototype as HTMLDialogElement & { showModal: () => void; close: () => void };
  dialog.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
