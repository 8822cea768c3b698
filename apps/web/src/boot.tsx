import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

/** The longest the first render waits for the page's data (preloaded by the HTML, so usually at hand). */
const DATA_WAIT_MS = 1500;

/** Resolves in a later task, so what runs next is not part of the current (long) one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app over the prerendered first paint (main.tsx calls this once that paint is on
 * screen). Its code runs in separate tasks, none long enough to keep a tap waiting: this chunk
 * (React), then the app's (scripts/postbuild.mjs has the HTML download both at once). It
 * waits (briefly) for the page's first data, so the first render draws the page with it; that
 * render is a transition, so React renders it in slices of a few milliseconds.
 */
export async function start() {
  await nextTask();
  const { App, firstPageData } = await import('./app/App');
  await Promise.race([firstPageData(window.location), new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))]);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
