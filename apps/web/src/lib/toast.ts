import type { ToastContent, ToastOptions } from 'react-toastify';

type Toastify = typeof import('react-toastify');

let toastify: Toastify | undefined;
let loading: Promise<Toastify> | undefined;
let asked = false;
const wanted = new Set<() => void>();

/**
 * react-toastify (its code and the container's styles) downloads on first use, or once the page has
 * settled (components/ui/Toasts.tsx), not with the app's first screen. A toast asked for before it
 * is there is shown as soon as it is: the library queues toasts until its container is mounted.
 */
export function loadToastify(): Promise<Toastify> {
  loading ??= import('react-toastify').then((module) => {
    toastify = module;
    return module;
  });
  return loading;
}

/** Whether a toast has been asked for yet. */
export const toastWanted = () => asked;

/** Called when a toast is asked for: the container must be mounted now. */
export function onToastWanted(listener: () => void) {
  wanted.add(listener);
  return () => {
    wanted.delete(listener);
  };
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (content: ToastContent, options?: ToastOptions): void => {
    asked = true;
    for (const listener of wanted) listener();
    if (toastify) toastify.toast[kind](content, options);
    else void loadToastify().then((module) => module.toast[kind](content, options));
  };

/** The app's toasts (spec §8: every outcome of an action is told in a toast). */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
