import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button } from '@/components/ui/Button';
import { useT } from '@/i18n';
import NotFoundPage from './NotFoundPage';
import { Navbar } from './navbar/Navbar';

const RELOADED_KEY = 'kaksha:chunk-reload';

/** A page's code could not be downloaded: usually a redeploy replaced the old chunk files. */
export function isChunkLoadError(error: unknown) {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads once per tab session (within a minute) so a stale page picks up the new deploy. */
function reloadOnce() {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last < 60_000) return false;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** The layout route's errorElement: the top navigation stays, with a friendly message and Reload. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);

  useEffect(() => {
    if (chunk) reloadOnce();
    else console.error(error);
  }, [chunk, error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <Navbar />
        <main id="main" tabIndex={-1} className="min-h-[70vh] outline-none">
          <NotFoundPage />
        </main>
      </>
    );
  }

  return (
    <>
      <Navbar />
      <main id="main" tabIndex={-1} className="min-h-[70vh] outline-none">
        <section role="alert" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
          <h1 className="text-2xl font-bold text-ink">{t('routeError.heading')}</h1>
          <p className="text-muted">{chunk ? t('routeError.newVersion') : t('routeError.notShown')}</p>
          <Button onClick={() => window.location.reload()} icon={<RotateCw size={16} aria-hidden="true" />}>
            {t('routeError.reload')}
          </Button>
        </section>
      </main>
    </>
  );
}
