import { lazy, Suspense, useEffect, useState } from 'react';
import { loadToastify, onToastWanted, toastWanted } from '../../lib/toast';
import { TOAST_AUTO_CLOSE_MS } from '../../lib/ui-constants';

const ToastContainer = lazy(() => loadToastify().then((module) => ({ default: module.ToastContainer })));

/** After the page has loaded, how long the toasts' code waits for an idle moment before it downloads. */
const IDLE_TIMEOUT_MS = 5000;

/**
 * Where toasts appear, mounted when the first toast is asked for (the container adds its styles to
 * the page then: a restyle of the whole page, so not while the first screen is drawn). The library
 * itself downloads once the page has loaded and the browser is idle, so a first toast needs no
 * download.
 */
export function Toasts() {
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
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the 4rem top navigation, so a toast never covers its Login/LogOut and menu buttons. */}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop style={{ top: '4.5rem' }} />
    </Suspense>
  );
}
