import { X } from 'lucide-react';
import { type CSSProperties, lazy, Suspense, useEffect, useState } from 'react';
import { useT } from '@/i18n';
import { loadToastify, onToastWanted, toastWanted } from '@/lib/toast';
import { TOAST_AUTO_CLOSE_MS } from '@/lib/ui-constants';

const ToastContainer = lazy(() => loadToastify().then((module) => ({ default: module.ToastContainer })));

/** After the page has loaded, how long the toasts' code waits for an idle moment before it downloads. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * react-toastify's timer is its progress bar's CSS animation: a toast closes when that animation
 * ends. index.css cuts every animation to 0.01ms for people who prefer reduced motion, which closed
 * each toast about as soon as it was drawn (issue #34). This gives the timer its length back (an
 * !important utility lives in Tailwind's layer, which outranks the unlayered !important rule), and
 * hides the shrinking bar itself when motion is reduced: the timer still runs, unseen.
 */
const TIMER_CLASS = '[animation-duration:var(--toast-timer)]! motion-reduce:invisible';
const CONTAINER_STYLE = {
  // Below the 4rem top navigation, so a toast never covers its Login/LogOut and menu buttons.
  top: '4.5rem',
  '--toast-timer': `${TOAST_AUTO_CLOSE_MS}ms`,
} as CSSProperties;

/**
 * Where toasts appear. The live region is on the page from its first render (the server's HTML
 * too), so a screen reader announces a toast added to it; a region inserted together with its
 * first toast is often not announced. It has the `Toastify` class so the navigation drawer leaves
 * it announced while everything else is inert (components/ui/useModalDrawer.ts).
 *
 * The container itself is mounted when the first toast is asked for (it adds its styles to the
 * page then: a restyle of the whole page, so not while the first screen is drawn). The library
 * downloads once the page has loaded and the browser is idle, so a first toast needs no download.
 */
export function Toasts() {
  const t = useT();
  const [mounted, setMounted] = useState(toastWanted);
  useEffect(() => {
    if (mounted) return;
    if (toastWanted()) {
      setMounted(true);
      return;
    }
    const stop = onToastWanted(() => setMounted(true));
    let idle: number | undefined;
    const load = () => void loadToastify();
    const whenIdle = () => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(load, IDLE_TIMEOUT_MS);
    };
    if (document.readyState === 'complete') whenIdle();
    else addEventListener('load', whenIdle, { once: true });
    return () => {
      stop();
      removeEventListener('load', whenIdle);
      if (idle !== undefined) {
        if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
        clearTimeout(idle);
      }
    };
  }, [mounted]);
  return (
    <div className="Toastify" aria-live="polite">
      {mounted && (
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            newestOnTop
            style={CONTAINER_STYLE}
            progressClassName={TIMER_CLASS}
            aria-label={t('toasts.region')}
            // The library's own button says "close" in English.
            closeButton={({ closeToast }) => (
              <button
                type="button"
                onClick={closeToast}
                aria-label={t('toasts.close')}
                className="Toastify__close-button Toastify__close-button--light"
              >
                <X size={14} aria-hidden="true" />
              </button>
            )}
          />
        </Suspense>
      )}
    </div>
  );
}
