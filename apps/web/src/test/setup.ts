import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stopTracking } from '@/features/analytics';
import { createAppIntl } from '@/i18n';
import { setCurrentIntl } from '@/i18n/current';
import en from '@/i18n/en.json';

// `findBy…` and `waitFor` wait on their condition up to 10 s, not Testing Library's 1 s: on a busy machine
// (a CI machine still starting its services) the first import of a lazy chunk, such as the Hindi catalogue
// a language switch loads, and a whole page's redrawing can take seconds. A passing wait returns as soon
// as it holds; a test gets 20 s in all (vitest.config.ts).
configure({ asyncUtilTimeout: 10_000 });

// Texts worded outside components (formatting, toasts, API errors) are English unless a test
// renders in another language.
beforeEach(() => {
  setCurrentIntl('en', createAppIntl('en', en));
});

// After every test: unmount what it rendered, take back the globals it stubbed (fetch, matchMedia,
// …), forget its mocks' calls and drop the analytics events it queued, so no test sees another's
// (files share a worker: an event queued in one would be sent with the next file's fetch).
afterEach(() => {
  cleanup();
  stopTracking();
  // The page's language, which a language switch sets: removed, not emptied (`lang=""` is a language
  // too, and hindi.test's check skips text under any language but Hindi). No page in node (prerender.test).
  if (typeof document !== 'undefined') document.documentElement.removeAttribute('lang');
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

// The app's toasts go through lib/toast, which downloads react-toastify on first use; component tests
// see the calls on shared spies instead (test/toast.ts). components/ui/Toasts.test unmocks it.
vi.mock('@/lib/toast', async () => {
  const { toast } = await import('./toast');
  return {
    toast,
    loadToastify: () => import('react-toastify'),
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
