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

/**
 * A toast's time on screen is the container's (components/ui/Toasts.tsx keeps that timer running
 * when motion is reduced), so a call cannot set its own.
 */
type Options = Omit<ToastOptions, 'autoClose'>;

const show =
  (kind: 'success' | 'error' | 'info') =>
  (content: ToastContent, options?: Options): void => {
    asked = true;
    for (const listener of wanted) listener();
    // An outcome is a status message, read when the screen reader is free; an error interrupts (WCAG 4.1.3).
    const withRole: ToastOptions = { role: kind === 'error' ? 'alert' : 'status', ...options };
    if (toastify) toastify.toast[kind](content, withRole);
    else void loadToastify().then((module) => module.toast[kind](content, withRole));
  };

/** The app's toasts (spec §8: every outcome of an action is told in a toast). */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
