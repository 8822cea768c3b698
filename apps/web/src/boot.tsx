import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
// The catalogues' list and loader only: the i18n library itself comes with the app (App.tsx).
import { browserLocale, cookieLocale, isLocale, type Locale, loadMessages, rememberLocale } from './i18n/locales';
import { PAGE_STATE_ID } from './lib/ui-constants';

/** The longest the first render waits for the page's data (preloaded by the HTML, so usually at hand). */
const DATA_WAIT_MS = 1500;

/** The data the server rendered this page with, if it did (unreadable: the app renders the page itself). */
function serverPageState(): DehydratedState | undefined {
  const text = document.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * The interface's language: a page the server drew is hydrated in the language it was drawn in
 * (its <html lang>); otherwise the one chosen before (the cookie), or on a first visit the
 * browser's. A signed-in user's own language follows once the user is known (app/LocaleSync.tsx).
 */
function startingLocale(hydrating: boolean): Locale {
  const drawnIn = document.documentElement.lang;
  if (hydrating && isLocale(drawnIn)) return drawnIn;
  return cookieLocale(document.cookie) ?? browserLocale(navigator.languages ?? [navigator.language]);
}

/** Resolves in a later task, so what runs next is not part of the current (long) one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app over the prerendered first paint (main.tsx calls this once that paint is on
 * screen). Its code runs in separate tasks, none long enough to keep a tap waiting: this chunk
 * (React), then the app's (scripts/postbuild.mjs has the HTML download both at once). It
 * waits (briefly) for the page's first data, so the first render has the page's data; that
 * render is a transition, so React renders it in slices of a few milliseconds. A page the server
 * rendered with its data (src/prerender.tsx renderPage) is hydrated instead of rendered again.
 */
export async function start() {
  await nextTask();
  const pageState = serverPageState();
  const locale = startingLocale(!!pageState);
  // The catalogue downloads with the app's code (the HTML preloads both): the first render is in its language.
  const [{ App, firstPageData, restorePageData }, messages] = await Promise.all([
    import('./app/App'),
    loadMessages(locale),
  ]);
  rememberLocale(locale);
  const root = document.getElementById('root') as HTMLElement;
  const app = (
    <StrictMode>
      <App locale={locale} messages={messages} />
    </StrictMode>
  );
  // A page the server rendered for this user, with the data it rendered it with: the app hydrates it
  // instead of rendering it again; in a transition, so in slices too.
  if (pageState) {
    restorePageData(pageState);
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  await Promise.race([firstPageData(window.location), new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS))]);
  startTransition(() => {
    createRoot(root).render(app);
  });
}
